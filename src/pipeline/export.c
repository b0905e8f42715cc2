/*
 * export.c - named float32 tensors as a NumPy .npz or a safetensors file.
 * The zip is the smallest one np.load reads: every member stored (method
 * 0), its CRC-32 computed before its local header, one central directory,
 * no ZIP64 (refused above 4 GiB).  Each .npy member is format 1.0 with the
 * header NumPy itself writes ('<f4', C order, padded to 64 bytes).  The
 * safetensors header lists the arrays in the caller's order, their data
 * back to back, and is padded with spaces to a multiple of 8 bytes as the
 * format's reference writer does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "export.h"

#define NPY_ALIGN 64
#define ZIP_MAX 0xffffffffu
#define DOS_DATE 0x0021			/* 1980-01-01, the zip epoch: the same bytes every run */

static const struct { const char *word; enum export_format fmt; } formats[] = {
	{ "npz", EXPORT_NPZ }, { "safetensors", EXPORT_SAFETENSORS },
};

int
export_format_of(const char *word)
{
	size_t k;

	for (k = 0; k < sizeof formats / sizeof formats[0]; k++)
		if (strcmp(word, formats[k].word) == 0)
			return (int)formats[k].fmt;
	return -1;
}

uint32_t
export_crc32(uint32_t crc, const void *p, size_t n)
{
	static uint32_t table[256];
	const unsigned char *u = p;
	size_t k;

	if (table[1] == 0) {
		uint32_t c;
		int i, b;

		for (i = 0; i < 256; i++) {
			for (c = (uint32_t)i, b = 0; b < 8; b++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			table[i] = c;
		}
	}
	crc = ~crc;
	for (k = 0; k < n; k++)
		crc = table[(crc ^ u[k]) & 0xff] ^ (crc >> 8);
	return ~crc;
}

/* ---- little-endian bytes ---- */

static unsigned char *
put16(unsigned char *p, unsigned v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	return p + 2;
}

static unsigned char *
put32(unsigned char *p, uint32_t v)
{
	p = put16(p, v & 0xffff);
	return put16(p, v >> 16);
}

/*
 * The tensor's floats as little-endian bytes, a block at a time, to the
 * file (o) or into the running CRC (o NULL).
 */
static void
float_bytes(struct outfile *o, uint32_t *crc, const struct tensor *t)
{
	unsigned char buf[4096];
	size_t k, n = 0;

	for (k = 0; k < t->numel; k++) {
		uint32_t bits;

		memcpy(&bits, &t->data[k], 4);
		put32(buf + n, bits);
		n += 4;
		if (n == sizeof buf || k + 1 == t->numel) {
			if (o != NULL)
				outfile_write(o, buf, n);
			else
				*crc = export_crc32(*crc, buf, n);
			n = 0;
		}
	}
}

/* ---- .npz ---- */

/* The .npy header NumPy writes for a float32 array of t's shape, padded; returns its length. */
static size_t
npy_header(char *buf, const struct tensor *t)
{
	char dict[256];
	size_t n = 0, h;
	int d;

	n += (size_t)snprintf(dict, sizeof dict, "{'descr': '<f4', 'fortran_order': False, 'shape': (");
	for (d = 0; d < t->ndim; d++)
		n += (size_t)snprintf(dict + n, sizeof dict - n, "%s%d", d ? ", " : "", t->shape[d]);
	snprintf(dict + n, sizeof dict - n, "%s), }", t->ndim == 1 ? "," : "");
	n = strlen(dict) + 1;				/* and '\n' */
	h = n + NPY_ALIGN - (10 + n) % NPY_ALIGN;	/* NumPy pads a whole 64 when already aligned */
	memcpy(buf, "\x93NUMPY\x01\x00", 8);
	put16((unsigned char *)buf + 8, (unsigned)h);
	memcpy(buf + 10, dict, n - 1);
	memset(buf + 10 + n - 1, ' ', h - n);
	buf[10 + h - 1] = '\n';
	return 10 + h;
}

struct member {
	char name[300];			/* "attn_weights.npy" */
	char head[384];			/* the .npy header */
	size_t hlen, size;		/* header bytes, whole .npy bytes */
	uint32_t crc, offset;		/* of the local header */
};

/* The 30-byte local header (central 0) or 46-byte central entry (central 1). */
static size_t
zip_header(unsigned char *b, const struct member *m, int central)
{
	unsigned char *p = put32(b, central ? 0x02014b50u : 0x04034b50u);

	if (central)
		p = put16(p, 3 << 8 | 20);	/* made by: Unix, zip 2.0 */
	p = put16(p, 20);			/* needed: 2.0 */
	p = put16(p, 0);			/* flags */
	p = put16(p, 0);			/* stored */
	p = put16(p, 0);			/* time 00:00 */
	p = put16(p, DOS_DATE);
	p = put32(p, m->crc);
	p = put32(p, (uint32_t)m->size);
	p = put32(p, (uint32_t)m->size);
	p = put16(p, (unsigned)strlen(m->name));
	p = put16(p, 0);			/* extra */
	if (central) {
		p = put16(p, 0);		/* comment */
		p = put16(p, 0);		/* disk */
		p = put16(p, 0);		/* internal attributes */
		p = put32(p, 0100644u << 16);	/* a regular file, rw-r--r-- */
		p = put32(p, m->offset);
	}
	return (size_t)(p - b);
}

static int
npz_plan(struct member *m, const struct export_array *a, int n, char *err, size_t errlen)
{
	unsigned long long at = 0, cd = 22;
	int i;

	for (i = 0; i < n; i++) {
		snprintf(m[i].name, sizeof m[i].name, "%s.npy", a[i].name);
		m[i].hlen = npy_header(m[i].head, a[i].t);
		m[i].size = m[i].hlen + a[i].t->numel * 4;
		m[i].crc = export_crc32(0, m[i].head, m[i].hlen);
		float_bytes(NULL, &m[i].crc, a[i].t);
		m[i].offset = (uint32_t)at;
		at += 30 + strlen(m[i].name) + (unsigned long long)m[i].size;
		cd += 46 + strlen(m[i].name);
		if (at > ZIP_MAX) {
			snprintf(err, errlen, "the arrays are over 4 GiB, more than a zip without ZIP64 holds; "
			    "safetensors has no such limit");
			return -1;
		}
	}
	if (at + cd > ZIP_MAX || n > 0xffff) {
		snprintf(err, errlen, "too many or too big arrays for a zip without ZIP64");
		return -1;
	}
	return 0;
}

static void
npz_write(struct outfile *o, const struct member *m, const struct export_array *a, int n)
{
	unsigned char b[64], *p;
	uint32_t cd_at = 0, cd_size = 0;
	int i;

	for (i = 0; i < n; i++) {
		outfile_write(o, b, zip_header(b, &m[i], 0));
		outfile_write(o, m[i].name, strlen(m[i].name));
		outfile_write(o, m[i].head, m[i].hlen);
		float_bytes(o, NULL, a[i].t);
		cd_at = m[i].offset + 30 + (uint32_t)strlen(m[i].name) + (uint32_t)m[i].size;
	}
	for (i = 0; i < n; i++) {
		size_t h = zip_header(b, &m[i], 1);

		outfile_write(o, b, h);
		outfile_write(o, m[i].name, strlen(m[i].name));
		cd_size += (uint32_t)(h + strlen(m[i].name));
	}
	p = put32(b, 0x06054b50u);	/* end of central directory */
	p = put16(p, 0);
	p = put16(p, 0);
	p = put16(p, (unsigned)n);
	p = put16(p, (unsigned)n);
	p = put32(p, cd_size);
	p = put32(p, cd_at);
	p = put16(p, 0);
	outfile_write(o, b, (size_t)(p - b));
}

/* ---- safetensors ---- */

static char *
st_header(const struct export_array *a, int n, size_t *len)
{
	struct sbuf b = { NULL, 0, 0 };
	unsigned long long at = 0;
	int i, d;

	sbuf_addc(&b, '{');
	for (i = 0; i < n; i++) {
		sbuf_add(&b, i ? "," : "");
		sbuf_quote(&b, a[i].name, 1);
		sbuf_add(&b, ":{\"dtype\":\"F32\",\"shape\":[");
		for (d = 0; d < a[i].t->ndim; d++)
			sbuf_addf(&b, "%s%d", d ? "," : "", a[i].t->shape[d]);
		sbuf_addf(&b, "],\"data_offsets\":[%llu,%llu]}", at, at + (unsigned long long)a[i].t->numel * 4);
		at += (unsigned long long)a[i].t->numel * 4;
	}
	sbuf_addc(&b, '}');
	while (b.len % 8 != 0)
		sbuf_addc(&b, ' ');
	*len = b.len;
	return sbuf_take(&b);
}

static void
st_write(struct outfile *o, const struct export_array *a, int n)
{
	size_t len, k;
	char *h = st_header(a, n, &len);
	unsigned char b[8];
	int i;

	for (k = 0; k < 8; k++)
		b[k] = (unsigned char)((unsigned long long)len >> (8 * k));
	outfile_write(o, b, 8);
	outfile_write(o, h, len);
	free(h);
	for (i = 0; i < n; i++)
		float_bytes(o, NULL, a[i].t);
}

/* ---- the whole ---- */

static int
names_ok(const struct export_array *a, int n, char *err, size_t errlen)
{
	const char *s;
	int i, j;

	for (i = 0; i < n; i++) {
		for (s = a[i].name; *s != '\0'; s++)
			if (*s < 0x20 || *s > 0x7e || *s == '/' || *s == '\\')
				break;
		if (*s != '\0' || s == a[i].name || s - a[i].name > 255) {
			snprintf(err, errlen, "array %d: a name must be 1 to 255 printable ASCII characters "
			    "without '/' or '\\'", i);
			return -1;
		}
		for (j = 0; j < i; j++)
			if (strcmp(a[i].name, a[j].name) == 0) {
				snprintf(err, errlen, "two arrays are named \"%s\"", a[i].name);
				return -1;
			}
	}
	return 0;
}

int
export_write(const char *path, enum export_format fmt, const struct export_array *a, int n,
    int force, char *err, size_t errlen)
{
	struct member *m = NULL;
	struct outfile o;
	int rc;

	if (names_ok(a, n, err, errlen) != 0)
		return -1;
	if (fmt == EXPORT_NPZ) {
		m = xcalloc(n > 0 ? (size_t)n : 1, sizeof *m);
		if (npz_plan(m, a, n, err, errlen) != 0) {
			free(m);
			return -1;
		}
	}
	rc = outfile_open(&o, path, force, err, errlen);
	if (rc == OUTFILE_OK) {
		if (fmt == EXPORT_NPZ)
			npz_write(&o, m, a, n);
		else
			st_write(&o, a, n);
		rc = outfile_commit(&o, force, err, errlen);
	}
	free(m);
	return rc == OUTFILE_OK ? 0 : rc == OUTFILE_EXISTS ? -1 : -2;
}
