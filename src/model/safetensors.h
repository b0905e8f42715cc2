/*
 * safetensors.h - a .safetensors file opened for reading: the 8-byte header
 * length, the JSON header (cJSON), the data section memory-mapped, never
 * read whole.  A tensor is converted to float32 only when asked for, one at a
 * time, F32, F16 and BF16 giving the bits torch's .float() gives.
 *
 * Ownership: st_open() fills a struct st_file the caller releases with
 * st_close(); the struct st_tensor pointers st_find() returns live as long as
 * the file.  A failed st_open() leaves nothing to close.  Every failing function writes one line into err ("FILE: TENSOR:
 * what, expected what"), without the program's prefix, and returns -1.
 */
#ifndef SAFETENSORS_H
#define SAFETENSORS_H

#include <stddef.h>
#include <stdint.h>

enum { ST_MAXDIM = 8 };
enum { ST_F32, ST_F16, ST_BF16 };	/* the dtypes st_read() converts; others follow */

struct st_tensor {
	char *name;		/* as in the header */
	const char *key;	/* name without "transformer.": what st_find() compares */
	int dtype;		/* index into the dtype table (safetensors.c) */
	int ndim;
	int64_t shape[ST_MAXDIM];
	uint64_t begin, end;	/* byte offsets in the data section */
};

struct st_file {
	char *path;
	const unsigned char *data;	/* the data section: data_len bytes */
	uint64_t data_len;
	void *map;			/* the mapping (NULL for st_open_mem) */
	size_t map_len;
	int fd;				/* the file, open for st_load (-1 for st_open_mem) */
	int n;
	struct st_tensor *t;		/* n tensors, sorted by key */
};

/* Open path: map it, parse and check the header.  0, or -1 with err set. */
int st_open(struct st_file *f, const char *path, char *err, size_t errlen);
/* The same on len bytes at buf (kept, not copied), named path in messages. */
int st_open_mem(struct st_file *f, const char *path, const void *buf, size_t len,
    char *err, size_t errlen);
void st_close(struct st_file *f);

/* The tensor called name, with or without the "transformer." prefix; NULL if none. */
const struct st_tensor *st_find(const struct st_file *f, const char *name);

/* Tensor name there, with a dtype st_read() converts and shape shape[0..ndim-1]: 0, else -1 with err. */
int st_expect(const struct st_file *f, const char *name, int ndim, const int64_t *shape, char *err, size_t errlen);

/*
 * Convert tensor name into out (numel floats) after checking that it exists,
 * that its dtype converts, and that its shape is shape[0..ndim-1].
 */
int st_read(const struct st_file *f, const char *name, int ndim, const int64_t *shape,
    float *out, char *err, size_t errlen);

/*
 * Rows row .. row+nrows-1 of tensor name (dim 0) into out, after the same
 * checks: an embedding's few rows, the rest of the file never touched.
 */
int st_read_rows(const struct st_file *f, const char *name, int ndim, const int64_t *shape,
    int64_t row, int64_t nrows, float *out, char *err, size_t errlen);

/* The dtype's name as the header spells it ("F16"). */
const char *st_dtype_name(int dtype);
/*
 * st_read() by other means where it can: F32 data on a little-endian
 * machine read from the file with pread() into out, without touching the
 * mapping (a file opened by st_open()); the file cut since it was opened,
 * or an I/O error: -1 with one line in err.  Other dtypes: st_read().
 */
int st_load(const struct st_file *f, const char *name, int ndim, const int64_t *shape, float *out, char *err,
    size_t errlen);
/*
 * Bytes off .. off+len-1 of tensor t's data, raw, into out with pread()
 * (as many calls as it takes; a file opened by st_open()): the file cut
 * since it was opened, or an I/O error: -1 with one line in err naming the
 * file and the tensor.  This is the whole of st_load() for a tensor where
 * st_raw_f32() is 1 (F32 on a little-endian machine, a file st_open() opened).
 */
int st_pread(const struct st_file *f, const struct st_tensor *t, uint64_t off, uint64_t len, void *out, char *err,
    size_t errlen);
int st_raw_f32(const struct st_file *f, const struct st_tensor *t);

/* One value as torch's .float() gives it. */
float st_f16_to_f32(uint16_t h);
float st_bf16_to_f32(uint16_t h);

#endif
