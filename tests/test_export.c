/*
 * test_export.c - export_write(): a one-array .npz and safetensors file
 * against bytes worked out by hand (the zip's headers and offsets, NumPy's
 * 128-byte .npy header, the safetensors header padded to 8), the CRC-32
 * check value, the refusals; export_samples() writes the files that
 * tests/export/check.py loads with NumPy and PyTorch.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/kernels/kernels.h"
#include "../src/pipeline/export.h"
#include "../src/util/util.h"
#include "test.h"
#include "lessons.h"

static unsigned char *
slurp(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *b = malloc(1 << 16);

	*n = fp != NULL ? fread(b, 1, 1 << 16, fp) : 0;
	if (fp != NULL)
		fclose(fp);
	return b;
}

static uint32_t
le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* a = [1.0, -2.0]: 0x3f800000, 0xc0000000 */
static struct tensor *
two(void)
{
	int shape[1] = { 2 };
	struct tensor *t = tensor_new(1, shape);

	t->data[0] = 1.0f;
	t->data[1] = -2.0f;
	return t;
}

static const unsigned char data_le[8] = { 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0 };

static void
check_safetensors(const char *dir)
{
	/* 54 bytes of JSON and 2 spaces: 56 = 0x38 */
	static const char head[] = "\x38\0\0\0\0\0\0\0{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}  ";
	struct tensor *t = two();
	struct export_array a[1] = { { "a", NULL } };
	char *p = lessons_path(dir, "a.safetensors"), err[256];
	unsigned char *b;
	size_t n;

	a[0].t = t;
	CHECK(export_write(p, EXPORT_SAFETENSORS, a, 1, 0, err, sizeof err) == 0, "safetensors: %s", err);
	b = slurp(p, &n);
	CHECK(n == 72 && memcmp(b, head, 64) == 0 && memcmp(b + 64, data_le, 8) == 0, "safetensors: %zu bytes", n);
	CHECK(export_write(p, EXPORT_SAFETENSORS, a, 1, 0, err, sizeof err) == -1 && strstr(err, "exists"),
	    "an existing file: %s", err);
	free(b);
	free(p);
	tensor_free(t);
}

static void
check_npz(const char *dir)
{
	/* NumPy's header: 10 bytes, the dict (57), spaces to 127, '\n' */
	static const char dict[] = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
	struct tensor *t = two();
	struct export_array a[1] = { { "a", NULL } };
	char *p = lessons_path(dir, "a.npz"), err[256];
	unsigned char *b, *npy;
	size_t n, k;
	int spaces = 1;

	a[0].t = t;
	CHECK(export_write(p, EXPORT_NPZ, a, 1, 0, err, sizeof err) == 0, "npz: %s", err);
	b = slurp(p, &n);
	/* local header 30 + "a.npy" + .npy 136 = 171; central 46 + 5 = 51; end 22: 244 bytes */
	CHECK(n == 244, "npz: %zu bytes", n);
	if (n == 244) {
		npy = b + 35;
		for (k = 10 + 57; k < 127; k++)
			spaces &= npy[k] == ' ';
		CHECK(le32(b) == 0x04034b50 && b[8] == 0 && le32(b + 18) == 136 && le32(b + 22) == 136 &&
		    b[26] == 5 && memcmp(b + 30, "a.npy", 5) == 0, "npz: local header");
		CHECK(memcmp(npy, "\x93NUMPY\x01\x00\x76\x00", 10) == 0 && memcmp(npy + 10, dict, 57) == 0 && spaces &&
		    npy[127] == '\n' && memcmp(npy + 128, data_le, 8) == 0, "npz: .npy header and data");
		CHECK(le32(b + 14) == export_crc32(0, npy, 136) && le32(b + 171 + 16) == le32(b + 14), "npz: crc");
		CHECK(le32(b + 171) == 0x02014b50 && le32(b + 171 + 42) == 0 && memcmp(b + 171 + 46, "a.npy", 5) == 0,
		    "npz: central directory");
		CHECK(le32(b + 222) == 0x06054b50 && b[222 + 8] == 1 && b[222 + 10] == 1 && le32(b + 222 + 12) == 51 &&
		    le32(b + 222 + 16) == 171, "npz: end of central directory");
	}
	free(b);
	free(p);
	tensor_free(t);
}

static void
check_refusals(const char *dir)
{
	struct tensor *t = two();
	struct export_array a[2] = { { "x", NULL }, { "x", NULL } };
	char *p = lessons_path(dir, "bad.npz"), err[256];

	a[0].t = a[1].t = t;
	CHECK(export_write(p, EXPORT_NPZ, a, 2, 0, err, sizeof err) == -1 && strstr(err, "\"x\"") != NULL,
	    "a repeated name: %s", err);
	a[1].name = "a/b";
	CHECK(export_write(p, EXPORT_SAFETENSORS, a, 2, 0, err, sizeof err) == -1 && access(p, F_OK) != 0,
	    "a name with '/': %s", err);
	a[1].name = "y";
	CHECK(export_write("/nonexistent-folder/x.npz", EXPORT_NPZ, a, 2, 0, err, sizeof err) == -2 &&
	    strncmp(err, "/nonexistent-folder/x.npz: ", 27) == 0, "unwritable: %s", err);
	CHECK(export_format_of("npz") == EXPORT_NPZ && export_format_of("safetensors") == EXPORT_SAFETENSORS &&
	    export_format_of("npy") == -1, "format words");
	CHECK(export_crc32(0, "123456789", 9) == 0xcbf43926u, "crc-32 check value %08x",
	    (unsigned)export_crc32(0, "123456789", 9));
	free(p);
	tensor_free(t);
}

/* a full disk: writes to /dev/full fail with ENOSPC; nothing is left under the name or the temporary one */
static void
check_full_disk(const char *dir)
{
	char *p = lessons_path(dir, "full.npz"), err[256], *tmp;
	struct outfile o;
	FILE *full = fopen("/dev/full", "wb");

	if (full == NULL)
		return;
	CHECK(outfile_open(&o, p, 0, err, sizeof err) == OUTFILE_OK, "outfile: %s", err);
	tmp = xstrdup(o.tmp);
	fclose(o.fp);
	o.fp = full;
	outfile_write(&o, "0123456789", 10);
	CHECK(outfile_commit(&o, 0, err, sizeof err) == OUTFILE_IO && strstr(err, "full.npz: No space left on device") &&
	    access(p, F_OK) != 0 && access(tmp, F_OK) != 0, "a full disk: %s", err);
	free(tmp);
	free(p);
}

void
test_export(const char *dir)
{
	check_full_disk(dir);
	check_safetensors(dir);
	check_npz(dir);
	check_refusals(dir);
}

/* sample.npz, sample.safetensors and expected.txt ("NAME SHAPE BITS...", shape "-" for 0-d) */
int
export_samples(const char *dir)
{
	int s4[4] = { 2, 3, 4, 4 }, s2[2] = { 3, 2 }, s1[1] = { 5 };
	struct tensor *t[4] = { tensor_new(4, s4), tensor_new(2, s2), tensor_new(1, s1), tensor_new(0, NULL) };
	struct export_array a[4] = { { "attn_weights", NULL }, { "W_query.weight", NULL }, { "b", NULL },
	    { "scale", NULL } };
	static const float odd[] = { -0.0f, INFINITY, -INFINITY, 1e-45f, 3.4028235e38f };
	char *p = lessons_path(dir, "expected.txt"), err[256];
	FILE *fp = fopen(p, "w");
	int i, d, rc = fp == NULL;
	size_t k;

	for (i = 0; i < 4; i++) {
		a[i].t = t[i];
		for (k = 0; k < t[i]->numel; k++)
			t[i]->data[k] = i == 2 ? odd[k] : (float)sin((double)k * 0.7 + i) / (float)(k + 1);
		if (fp == NULL)
			continue;
		fprintf(fp, "%s ", a[i].name);
		for (d = 0; d < t[i]->ndim; d++)
			fprintf(fp, "%s%d", d ? "," : "", t[i]->shape[d]);
		fprintf(fp, "%s", t[i]->ndim == 0 ? "-" : "");
		for (k = 0; k < t[i]->numel; k++) {
			uint32_t bits;

			memcpy(&bits, &t[i]->data[k], 4);
			fprintf(fp, " %08x", (unsigned)bits);
		}
		fputc('\n', fp);
	}
	if (fp != NULL)
		rc |= fclose(fp) != 0;
	free(p);
	p = lessons_path(dir, "sample.npz");
	if (export_write(p, EXPORT_NPZ, a, 4, 1, err, sizeof err) != 0)
		rc = fprintf(stderr, "%s\n", err) > 0;
	free(p);
	p = lessons_path(dir, "sample.safetensors");
	if (export_write(p, EXPORT_SAFETENSORS, a, 4, 1, err, sizeof err) != 0)
		rc = fprintf(stderr, "%s\n", err) > 0;
	free(p);
	for (i = 0; i < 4; i++)
		tensor_free(t[i]);
	return rc;
}
