/*
 * safetensors.c - the .safetensors reader: header length, JSON header
 * (cJSON), each tensor's dtype, shape and offsets checked against the file
 * before anything is read, the data memory-mapped, and F32/F16/BF16
 * converted to float32 one tensor at a time as torch's .float() does.
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "safetensors.h"

#define PREFIX "transformer."

/* The dtypes safetensors writes; convert says which become float32 here. */
static const struct dtype {
	const char *name;
	int size;	/* bytes per element */
	int convert;
} dtypes[] = {
	[ST_F32] = { "F32", 4, 1 }, [ST_F16] = { "F16", 2, 1 }, [ST_BF16] = { "BF16", 2, 1 },
	{ "F64", 8, 0 }, { "I64", 8, 0 }, { "U64", 8, 0 }, { "I32", 4, 0 }, { "U32", 4, 0 },
	{ "I16", 2, 0 }, { "U16", 2, 0 }, { "I8", 1, 0 }, { "U8", 1, 0 }, { "BOOL", 1, 0 },
	{ "F8_E4M3", 1, 0 }, { "F8_E5M2", 1, 0 },
};
enum { NDTYPES = sizeof dtypes / sizeof dtypes[0] };

const char *
st_dtype_name(int dtype)
{
	return dtype >= 0 && dtype < NDTYPES ? dtypes[dtype].name : "?";
}

/* Write "PATH: msg" into err; returns -1 for the caller to return. */
static int
st_err(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
	va_list ap;
	int k = snprintf(err, errlen, "%s: ", path);

	if (k < 0 || (size_t)k >= errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err + k, errlen - k, fmt, ap);
	va_end(ap);
	return -1;
}

static const char *
st_key(const char *name)
{
	return strncmp(name, PREFIX, strlen(PREFIX)) == 0 ? name + strlen(PREFIX) : name;
}

static int
st_cmp_key(const void *a, const void *b)
{
	const struct st_tensor *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	/* the full name breaks ties, so a name given twice is reported the same way every time */
	return c != 0 || x->name == NULL || y->name == NULL ? c : strcmp(x->name, y->name);
}

static int
st_cmp_begin(const void *a, const void *b)
{
	const struct st_tensor *x = *(const struct st_tensor *const *)a, *y = *(const struct st_tensor *const *)b;

	return x->begin < y->begin ? -1 : x->begin > y->begin ? 1 : (x->end > y->end) - (x->end < y->end);
}

/* A JSON number that is a whole number in [0, max]: 0, else -1. */
static int
st_uint(const cJSON *v, double max, uint64_t *out)
{
	if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > max ||
	    v->valuedouble != (double)(uint64_t)v->valuedouble)
		return -1;
	*out = (uint64_t)v->valuedouble;
	return 0;
}

/* One header entry into t: dtype, shape, offsets, and their size agreeing. */
static int
st_entry(struct st_file *f, struct st_tensor *t, const cJSON *e, char *err, size_t errlen)
{
	const cJSON *dt = cJSON_GetObjectItemCaseSensitive(e, "dtype");
	const cJSON *sh = cJSON_GetObjectItemCaseSensitive(e, "shape");
	const cJSON *off = cJSON_GetObjectItemCaseSensitive(e, "data_offsets");
	const cJSON *v;
	uint64_t numel = 1, d, size;
	int i;

	if (!cJSON_IsObject(e))
		return st_err(err, errlen, f->path, "%s: expected an object with dtype, shape and data_offsets", t->name);
	if (!cJSON_IsString(dt))
		return st_err(err, errlen, f->path, "%s: expected a dtype string", t->name);
	for (t->dtype = 0; t->dtype < NDTYPES && strcmp(dtypes[t->dtype].name, dt->valuestring) != 0; t->dtype++)
		;
	if (t->dtype == NDTYPES)
		return st_err(err, errlen, f->path, "%s: unknown dtype \"%.20s\", expected F32, F16 or BF16",
		    t->name, dt->valuestring);
	if (!cJSON_IsArray(sh) || cJSON_GetArraySize(sh) > ST_MAXDIM)
		return st_err(err, errlen, f->path, "%s: expected a shape of at most %d sizes", t->name, ST_MAXDIM);
	i = 0;
	cJSON_ArrayForEach(v, sh) {
		if (st_uint(v, 9007199254740992.0, &d) != 0)
			return st_err(err, errlen, f->path, "%s: shape: expected whole numbers >= 0", t->name);
		numel = d == 0 || numel <= UINT64_MAX / d ? numel * d : UINT64_MAX;
		t->shape[i++] = (int64_t)d;
	}
	t->ndim = i;
	if (!cJSON_IsArray(off) || cJSON_GetArraySize(off) != 2 ||
	    st_uint(off->child, 1.8e19, &t->begin) != 0 || st_uint(off->child->next, 1.8e19, &t->end) != 0)
		return st_err(err, errlen, f->path, "%s: expected data_offsets [BEGIN, END]", t->name);
	if (t->begin > t->end || t->end > f->data_len)
		return st_err(err, errlen, f->path,
		    "%s: data_offsets [%llu, %llu] out of range, expected within the %llu data bytes",
		    t->name, (unsigned long long)t->begin, (unsigned long long)t->end,
		    (unsigned long long)f->data_len);
	size = numel <= UINT64_MAX / 8 ? numel * dtypes[t->dtype].size : UINT64_MAX;
	if (size == UINT64_MAX)	/* the sizes' product past 2^61: no file holds it */
		return st_err(err, errlen, f->path, "%s: shape's elements overflow 64 bits, expected the %llu bytes "
		    "of data_offsets [%llu, %llu]", t->name, (unsigned long long)(t->end - t->begin),
		    (unsigned long long)t->begin, (unsigned long long)t->end);
	if (t->end - t->begin != size)
		return st_err(err, errlen, f->path,
		    "%s: data_offsets [%llu, %llu] hold %llu bytes, expected %llu (%s, shape's %llu elements)",
		    t->name, (unsigned long long)t->begin, (unsigned long long)t->end,
		    (unsigned long long)(t->end - t->begin), (unsigned long long)size, dtypes[t->dtype].name,
		    (unsigned long long)numel);
	return 0;
}

/* Every key once, every tensor's bytes its own. */
static int
st_check_all(struct st_file *f, char *err, size_t errlen)
{
	struct st_tensor **by = xmalloc((f->n ? f->n : 1) * sizeof *by);
	int i, rc = 0;

	for (i = 1; i < f->n && rc == 0; i++)
		if (strcmp(f->t[i - 1].key, f->t[i].key) == 0)
			rc = st_err(err, errlen, f->path, "%s: named twice (with and without \"" PREFIX "\"?)",
			    f->t[i].name);
	for (i = 0; i < f->n; i++)
		by[i] = &f->t[i];
	qsort(by, f->n, sizeof *by, st_cmp_begin);
	for (i = 1; i < f->n && rc == 0; i++) {
		const struct st_tensor *a = by[i - 1], *b = by[i];

		if (b->begin < a->end && a->begin < a->end && b->begin < b->end)
			rc = st_err(err, errlen, f->path, "%s: data_offsets [%llu, %llu] overlap %s's [%llu, %llu]",
			    b->name, (unsigned long long)b->begin, (unsigned long long)b->end, a->name,
			    (unsigned long long)a->begin, (unsigned long long)a->end);
	}
	free(by);
	return rc;
}

static int
st_parse_header(struct st_file *f, const char *hdr, size_t len, char *err, size_t errlen)
{
	const char *end = hdr;
	cJSON *root = cJSON_ParseWithLengthOpts(hdr, len, &end, 0), *e;
	int n = 0;

	while (root != NULL && end < hdr + len && (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r'))
		end++;	/* writers pad the header with spaces to align the data */
	if (!cJSON_IsObject(root) || end != hdr + len) {
		cJSON_Delete(root);
		return st_err(err, errlen, f->path, "the header is not a JSON object");
	}
	cJSON_ArrayForEach(e, root)
		n++;
	f->t = xcalloc(n ? n : 1, sizeof *f->t);
	cJSON_ArrayForEach(e, root) {
		struct st_tensor *t = &f->t[f->n];

		if (e->string == NULL || strcmp(e->string, "__metadata__") == 0)
			continue;
		t->name = xstrdup(e->string);
		t->key = st_key(t->name);
		f->n++;
		if (st_entry(f, t, e, err, errlen) != 0) {
			cJSON_Delete(root);
			return -1;
		}
	}
	cJSON_Delete(root);
	qsort(f->t, f->n, sizeof *f->t, st_cmp_key);
	return st_check_all(f, err, errlen);
}

int
st_open_mem(struct st_file *f, const char *path, const void *buf, size_t len, char *err, size_t errlen)
{
	const unsigned char *p = buf;
	uint64_t hlen = 0;
	int i;

	memset(f, 0, sizeof *f);
	f->fd = -1;
	f->path = xstrdup(path);
	if (len < 8) {
		st_close(f);
		return st_err(err, errlen, path, "truncated: %zu bytes, expected at least 8 (the header's length)", len);
	}
	for (i = 7; i >= 0; i--)
		hlen = hlen << 8 | p[i];
	if (hlen > len - 8) {
		st_close(f);
		return st_err(err, errlen, path, "the header's length %llu is longer than the file's %zu bytes after it",
		    (unsigned long long)hlen, len - 8);
	}
	f->data = p + 8 + hlen;
	f->data_len = len - 8 - hlen;
	if (st_parse_header(f, (const char *)p + 8, (size_t)hlen, err, errlen) != 0) {
		st_close(f);
		return -1;
	}
	return 0;
}

int
st_open(struct st_file *f, const char *path, char *err, size_t errlen)
{
	struct stat sb;
	void *map = NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	memset(f, 0, sizeof *f);
	f->fd = -1;
	if (fd < 0 || fstat(fd, &sb) != 0) {
		rc = st_err(err, errlen, path, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return rc;
	}
	if (sb.st_size > 0) {
		map = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map == MAP_FAILED) {
			rc = st_err(err, errlen, path, "%s", strerror(errno));
			close(fd);
			return rc;
		}
	}
	rc = st_open_mem(f, path, map ? map : "", (size_t)sb.st_size, err, errlen);
	if (rc != 0 && map != NULL)
		munmap(map, (size_t)sb.st_size);
	if (rc != 0) {
		close(fd);
		return rc;
	}
	f->map = map;
	f->map_len = (size_t)sb.st_size;
	f->fd = fd;	/* kept for st_load's pread() */
	return 0;
}

void
st_close(struct st_file *f)
{
	int i;

	for (i = 0; i < f->n; i++)
		free(f->t[i].name);
	free(f->t);
	free(f->path);
	if (f->map != NULL)
		munmap(f->map, f->map_len);
	if (f->fd >= 0)
		close(f->fd);
	memset(f, 0, sizeof *f);
	f->fd = -1;
}

const struct st_tensor *
st_find(const struct st_file *f, const char *name)
{
	struct st_tensor k;

	k.key = st_key(name);
	k.name = NULL;
	return f->n ? bsearch(&k, f->t, f->n, sizeof *f->t, st_cmp_key) : NULL;
}

/*
 * IEEE half to single, exactly: subnormals become normal floats, inf stays
 * inf, and a NaN keeps its payload with the quiet bit set, as both c10's
 * fp16_ieee_to_fp32_value and the F16C instruction torch's vector path uses.
 */
float
st_f16_to_f32(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = h >> 10 & 0x1f, m = h & 0x3ff;

	if (e == 0x1f)
		return rng_bits_float(sign | 0x7f800000 | m << 13 | (m ? 0x400000 : 0));
	if (e != 0)
		return rng_bits_float(sign | (e + 112) << 23 | m << 13);
	if (m == 0)
		return rng_bits_float(sign);
	for (e = 113; !(m & 0x400); m <<= 1)
		e--;	/* shift the subnormal up until its leading 1 is the implicit bit */
	return rng_bits_float(sign | e << 23 | (m & 0x3ff) << 13);
}

/* bfloat16 is the top half of a float32: torch widens it by a shift, NaNs as they are. */
float
st_bf16_to_f32(uint16_t h)
{
	return rng_bits_float((uint32_t)h << 16);
}

/* Is tensor name there, with a dtype that converts and shape shape[0..ndim-1]? */
static const struct st_tensor *
st_check(const struct st_file *f, const char *name, int ndim, const int64_t *shape, char *err, size_t errlen)
{
	const struct st_tensor *t = st_find(f, name);
	int d, same;

	if (t == NULL) {
		st_err(err, errlen, f->path, "%s: missing tensor", name);
		return NULL;
	}
	same = t->ndim == ndim;
	for (d = 0; same && d < ndim; d++)
		same = t->shape[d] == shape[d];
	if (!same) {
		char got[200], want[200];
		int k = 0, w = 0;

		got[0] = want[0] = '\0';
		for (d = 0; d < t->ndim; d++)
			k += snprintf(got + k, sizeof got - k, "%s%lld", d ? ", " : "", (long long)t->shape[d]);
		for (d = 0; d < ndim && d < ST_MAXDIM; d++)
			w += snprintf(want + w, sizeof want - w, "%s%lld", d ? ", " : "", (long long)shape[d]);
		st_err(err, errlen, f->path, "%s: shape (%s), expected (%s)", t->name, got, want);
		return NULL;
	}
	if (!dtypes[t->dtype].convert) {
		st_err(err, errlen, f->path, "%s: dtype %s, expected F32, F16 or BF16", t->name, dtypes[t->dtype].name);
		return NULL;
	}
	return t;
}

int
st_expect(const struct st_file *f, const char *name, int ndim, const int64_t *shape, char *err, size_t errlen)
{
	return st_check(f, name, ndim, shape, err, errlen) != NULL ? 0 : -1;
}

int
st_read_rows(const struct st_file *f, const char *name, int ndim, const int64_t *shape, int64_t row,
    int64_t nrows, float *out, char *err, size_t errlen)
{
	const struct st_tensor *t = st_check(f, name, ndim, shape, err, errlen);
	const unsigned char *p;
	uint64_t i, numel = 1;
	int d, size;

	if (t == NULL)
		return -1;
	if (ndim == 0 || row < 0 || nrows < 0 || row > shape[0] - nrows)
		return st_err(err, errlen, f->path, "%s: rows %lld .. %lld, expected within 0 .. %lld", t->name,
		    (long long)row, (long long)(row + nrows - 1), ndim ? (long long)shape[0] - 1 : -1LL);
	for (d = 1; d < ndim; d++)
		numel *= (uint64_t)shape[d];
	size = dtypes[t->dtype].size;
	p = f->data + t->begin + (uint64_t)row * numel * size;
	numel *= (uint64_t)nrows;
	for (i = 0; i < numel; i++) {
		/* safetensors is little-endian; bytes assembled so any host reads it */
		if (size == 4) {
			out[i] = rng_bits_float((uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 |
			    (uint32_t)p[4 * i + 2] << 16 | (uint32_t)p[4 * i + 3] << 24);
		} else {
			uint16_t h = (uint16_t)(p[2 * i] | p[2 * i + 1] << 8);

			out[i] = t->dtype == ST_F16 ? st_f16_to_f32(h) : st_bf16_to_f32(h);
		}
	}
	return 0;
}

int
st_read(const struct st_file *f, const char *name, int ndim, const int64_t *shape, float *out,
    char *err, size_t errlen)
{
	if (ndim == 0) {
		const struct st_tensor *t = st_check(f, name, 0, shape, err, errlen);
		int64_t one = 1;
		struct st_file g = *f;
		struct st_tensor u;

		if (t == NULL)
			return -1;
		/* a 0-dim tensor read as one row of a (1,) */
		u = *t;
		u.ndim = 1;
		u.shape[0] = 1;
		g.t = &u;
		g.n = 1;
		return st_read_rows(&g, u.name, 1, &one, 0, 1, out, err, errlen);
	}
	return st_read_rows(f, name, ndim, shape, 0, shape[0], out, err, errlen);
}

int
st_pread(const struct st_file *f, const struct st_tensor *t, uint64_t off, uint64_t len, void *out, char *err,
    size_t errlen)
{
	uint64_t at = (uint64_t)(f->data - (const unsigned char *)f->map) + t->begin, done = 0;
	ssize_t n;

	if (off > t->end - t->begin || len > t->end - t->begin - off)
		return st_err(err, errlen, f->path, "%s: bytes %llu .. %llu, expected within its %llu", t->name,
		    (unsigned long long)off, (unsigned long long)(off + len), (unsigned long long)(t->end - t->begin));
	while (done < len) {
		n = pread(f->fd, (char *)out + done, (size_t)(len - done < ((uint64_t)1 << 30) ? len - done : (uint64_t)1 << 30),
		    (off_t)(at + off + done));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return st_err(err, errlen, f->path, "%s: %s", t->name, strerror(errno));
		if (n == 0)
			return st_err(err, errlen, f->path, "%s: the file ends at byte %llu, before the tensor's end at "
			    "byte %llu (cut since it was opened?)", t->name, (unsigned long long)(at + off + done),
			    (unsigned long long)(at + t->end - t->begin));
		done += (uint64_t)n;
	}
	return 0;
}

int
st_raw_f32(const struct st_file *f, const struct st_tensor *t)
{
	const union { uint32_t u; unsigned char c[4]; } one = { 1 };

	return t->dtype == ST_F32 && one.c[0] == 1 && f->fd >= 0 && f->map != NULL;
}

int
st_load(const struct st_file *f, const char *name, int ndim, const int64_t *shape, float *out, char *err,
    size_t errlen)
{
	const struct st_tensor *t = st_check(f, name, ndim, shape, err, errlen);

	if (t == NULL)
		return -1;
	if (!st_raw_f32(f, t))
		return st_read(f, name, ndim, shape, out, err, errlen);
	return st_pread(f, t, 0, t->end - t->begin, out, err, errlen);
}
