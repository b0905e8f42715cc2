/*
 * export.h - named float32 tensors out as binary data for NumPy and
 * PyTorch users: a NumPy .npz (a zip, stored uncompressed, of one .npy per
 * array, written here: headers, central directory, CRC-32) or a
 * safetensors file (a little-endian u64 header length, a JSON header padded
 * to 8 bytes, the raw little-endian data).  The bits are the tensors' own:
 * np.load and torch.frombuffer read back exactly the printed values.
 */
#ifndef EXPORT_H
#define EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "../kernels/kernels.h"

/* Ownership: every function borrows its arguments; nothing is kept. */

enum export_format { EXPORT_NPZ, EXPORT_SAFETENSORS };

struct export_array {
	const char *name;		/* "attn_weights", "W_query.weight": the array's key */
	const struct tensor *t;		/* float32, any shape (0-d too) */
};

/* "npz" or "safetensors" (--emit's words) as a format, or -1. */
int export_format_of(const char *word);

/*
 * Writes the n arrays to path in format fmt, whole or not at all (a
 * temporary name, then renamed); an existing file is kept unless force.
 * Names must be distinct, non-empty, printable ASCII without '/' or '\\'.
 * 0; -1 with one line in err for a refusal (bad or repeated name, an .npz
 * over 4 GiB, which would need ZIP64, the file exists); -2 when writing
 * failed (the line names path).
 */
int export_write(const char *path, enum export_format fmt, const struct export_array *a, int n,
    int force, char *err, size_t errlen);

/* The CRC-32 of zip and PNG (polynomial 0xEDB88320), continued from crc (0 to start). */
uint32_t export_crc32(uint32_t crc, const void *p, size_t n);

#endif
