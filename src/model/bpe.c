/*
 * bpe.c - GPT-2's byte-level BPE as OpenAI's encoder.py runs it: the
 * pre-tokenizer pattern through PCRE2 in UTF mode with Unicode classes, the
 * bytes_to_unicode table, merges by rank, the vocabulary's ids; and the
 * tokens back as labels.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <cjson/cJSON.h>
#include <errno.h>
#include <pcre2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "bpe.h"

/*
 * encoder.py's pattern, with \s written \p{White_Space}: PCRE2's \s also
 * takes U+180E (no longer a space since Unicode 6.3), Python's regex does
 * not; the property agrees with it on every code point both know.
 */
static const char PATTERN[] =
    "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\p{White_Space}\\p{L}\\p{N}]+"
    "|\\p{White_Space}+(?!\\P{White_Space})|\\p{White_Space}+";

struct bpe_map {
	char **key;	/* cap slots, NULL: empty */
	int *val;
	size_t cap, n;
};

static uint32_t
bpe_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	while (n-- > 0)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* The slot of key (n bytes): where it is, or the empty slot where it goes. */
static size_t
map_slot(const struct bpe_map *m, const char *key, size_t n)
{
	size_t i = bpe_hash(key, n) & (m->cap - 1);

	while (m->key[i] != NULL && (strncmp(m->key[i], key, n) != 0 || m->key[i][n] != '\0'))
		i = (i + 1) & (m->cap - 1);
	return i;
}

static struct bpe_map *
map_new(size_t n)
{
	struct bpe_map *m = xcalloc(1, sizeof *m);

	for (m->cap = 16; m->cap < 2 * n + 16; m->cap *= 2)
		;
	m->key = xcalloc(m->cap, sizeof *m->key);
	m->val = xcalloc(m->cap, sizeof *m->val);
	return m;
}

/* Set key to val; a key given again takes the later value, as a Python dict does. */
static void
map_put(struct bpe_map *m, const char *key, size_t n, int val)
{
	size_t i = map_slot(m, key, n);

	if (m->key[i] == NULL) {
		m->key[i] = xmalloc(n + 1);
		memcpy(m->key[i], key, n);
		m->key[i][n] = '\0';
		m->n++;
	}
	m->val[i] = val;
}

static int
map_get(const struct bpe_map *m, const char *key, size_t n)
{
	size_t i = map_slot(m, key, n);

	return m->key[i] == NULL ? -1 : m->val[i];
}

static void
map_free(struct bpe_map *m)
{
	size_t i;

	if (m == NULL)
		return;
	for (i = 0; i < m->cap; i++)
		free(m->key[i]);
	free(m->key);
	free(m->val);
	free(m);
}

/*
 * bytes_to_unicode: the printable bytes ! .. ~, ¡ .. ¬, ® .. ÿ stand for
 * themselves; the other 68 take U+0100, U+0101, ... in byte order.  Built
 * once: byte b's character, as UTF-8, is byte_utf8[b] (at most 2 bytes).
 */
static char byte_utf8[256][3];
static int cp_byte[324];	/* the inverse: code point -> byte, -1: none */

static void
bpe_tables(void)
{
	int b, n = 0, cp;

	if (byte_utf8[0][0] != '\0')
		return;
	for (cp = 0; cp < 324; cp++)
		cp_byte[cp] = -1;
	for (b = 0; b < 256; b++) {
		int printable = (b >= '!' && b <= '~') || (b >= 0xa1 && b <= 0xac) || (b >= 0xae);

		cp = printable ? b : 256 + n++;
		cp_byte[cp] = b;
		if (cp < 0x80) {
			byte_utf8[b][0] = (char)cp;
		} else {
			byte_utf8[b][0] = (char)(0xc0 | cp >> 6);
			byte_utf8[b][1] = (char)(0x80 | (cp & 0x3f));
		}
	}
}

static char *
bpe_slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *fp = fopen(path, "rb");
	struct sbuf s = { 0 };
	char buf[65536];
	size_t k;

	if (fp == NULL) {
		diag_errf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	while ((k = fread(buf, 1, sizeof buf, fp)) > 0)
		sbuf_addn(&s, buf, k);
	fclose(fp);
	*len = s.len;
	return sbuf_take(&s);
}

/* The vocabulary's object of strings to ids, from path. */
static int
bpe_vocab_json(struct bpe *b, const cJSON *root, const char *path, char *err, size_t errlen)
{
	const cJSON *e;
	int n = 0, max = -1;

	if (!cJSON_IsObject(root))
		return diag_errf(err, errlen, "%s: expected a JSON object of tokens to ids", path);
	cJSON_ArrayForEach(e, root) {
		if (!cJSON_IsNumber(e) || e->valuedouble < 0 || e->valuedouble > 1e7 ||
		    e->valuedouble != (int)e->valuedouble)
			return diag_errf(err, errlen, "%s: %.40s: expected an id, a whole number >= 0", path, e->string);
		n++;
		max = e->valueint > max ? e->valueint : max;
	}
	b->n_vocab = max + 1;
	b->tok = xcalloc(max + 1 > 0 ? max + 1 : 1, sizeof *b->tok);
	b->ids = map_new(n);
	cJSON_ArrayForEach(e, root) {
		map_put(b->ids, e->string, strlen(e->string), e->valueint);
		free(b->tok[e->valueint]);
		b->tok[e->valueint] = xstrdup(e->string);
	}
	return 0;
}

static cJSON *
bpe_json_file(const char *path, char *err, size_t errlen)
{
	size_t len;
	char *text = bpe_slurp(path, &len, err, errlen);
	cJSON *root;

	if (text == NULL)
		return NULL;
	root = cJSON_ParseWithLength(text, len);
	free(text);
	if (root == NULL)
		diag_errf(err, errlen, "%s: not JSON", path);
	return root;
}

static int
bpe_load_vocab(struct bpe *b, const char *path, char *err, size_t errlen)
{
	cJSON *root = bpe_json_file(path, err, errlen);
	int rc = root != NULL ? bpe_vocab_json(b, root, path, err, errlen) : -1;

	cJSON_Delete(root);
	return rc;
}

/* encoder.py drops the first line ("#version: 0.2") and the empty last one; each other line is "first second". */
static int
bpe_load_merges(struct bpe *b, const char *path, char *err, size_t errlen)
{
	size_t len, lines = 0, i;
	char *text = bpe_slurp(path, &len, err, errlen), *p, *nl;
	int rank = 0, line = 1;

	if (text == NULL)
		return -1;
	for (i = 0; i < len; i++)
		lines += text[i] == '\n';
	b->ranks = map_new(lines + 1);
	for (p = text; p < text + len; p = nl + 1, line++) {
		char a[1024], c[1024], extra[2];

		nl = memchr(p, '\n', text + len - p);
		if (nl == NULL)
			nl = text + len;
		*nl = '\0';
		if ((line == 1 && p[0] == '#') || strspn(p, " \t\r") == strlen(p))
			continue;
		if (strlen(p) >= sizeof a || sscanf(p, "%1023s %1023s %1s", a, c, extra) != 2) {
			free(text);
			return diag_errf(err, errlen, "%s:%d: expected two tokens, \"first second\"", path, line);
		}
		strcat(a, " ");
		strcat(a, c);
		map_put(b->ranks, a, strlen(a), rank++);
	}
	free(text);
	return 0;
}

static int
bpe_compile(struct bpe *b, char *err, size_t errlen)
{
	int code;
	PCRE2_SIZE at;

	b->re = pcre2_compile((PCRE2_SPTR)PATTERN, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_UCP, &code, &at, NULL);
	if (b->re == NULL)
		return diag_errf(err, errlen, "the tokenizer's pattern: PCRE2 error %d at %zu", code, (size_t)at);
	return 0;
}

int
bpe_load(struct bpe *b, const char *vocab, const char *merges, char *err, size_t errlen)
{
	memset(b, 0, sizeof *b);
	bpe_tables();
	if (bpe_load_vocab(b, vocab, err, errlen) != 0 || bpe_load_merges(b, merges, err, errlen) != 0 ||
	    bpe_compile(b, err, errlen) != 0) {
		bpe_free(b);
		return -1;
	}
	return 0;
}

/* One merge of tokenizer.json: "first second", or ["first", "second"] (newer files). */
static int
bpe_merge_json(struct bpe *b, const cJSON *m, int rank)
{
	struct sbuf k = { 0 };

	if (cJSON_IsString(m) && strchr(m->valuestring, ' ') != NULL) {
		sbuf_add(&k, m->valuestring);
	} else if (cJSON_GetArraySize(m) == 2 && cJSON_IsString(m->child) && cJSON_IsString(m->child->next)) {
		sbuf_addf(&k, "%s %s", m->child->valuestring, m->child->next->valuestring);
	} else {
		return -1;
	}
	map_put(b->ranks, k.s, k.len, rank);
	free(k.s);
	return 0;
}

/* Hugging Face's tokenizer.json: model.vocab and model.merges in one file. */
int
bpe_load_tokenizer(struct bpe *b, const char *path, char *err, size_t errlen)
{
	cJSON *root, *model, *merges, *m;
	int rank = 0, rc;

	memset(b, 0, sizeof *b);
	bpe_tables();
	if ((root = bpe_json_file(path, err, errlen)) == NULL)
		return -1;
	model = cJSON_GetObjectItemCaseSensitive(root, "model");
	merges = cJSON_GetObjectItemCaseSensitive(model, "merges");
	m = cJSON_GetObjectItemCaseSensitive(model, "type");
	if (m != NULL && !(cJSON_IsString(m) && strcmp(m->valuestring, "BPE") == 0))
		rc = diag_errf(err, errlen, "%s: model.type: expected \"BPE\"", path);
	else if (!cJSON_IsArray(merges))
		rc = diag_errf(err, errlen, "%s: model.merges: expected an array of merges", path);
	else
		rc = bpe_vocab_json(b, cJSON_GetObjectItemCaseSensitive(model, "vocab"), path, err, errlen);
	if (rc == 0)
		b->ranks = map_new(cJSON_GetArraySize(merges));
	if (rc == 0)
		cJSON_ArrayForEach(m, merges)
			if (rc == 0 && bpe_merge_json(b, m, rank++) != 0)
				rc = diag_errf(err, errlen, "%s: model.merges[%d]: expected \"first second\"", path, rank - 1);
	cJSON_Delete(root);
	if (rc == 0)
		rc = bpe_compile(b, err, errlen);
	if (rc != 0)
		bpe_free(b);
	return rc;
}

int
bpe_load_dir(struct bpe *b, const char *dir, char *err, size_t errlen)
{
	static const char *const names[][2] = { { "vocab.json", "merges.txt" }, { "encoder.json", "vocab.bpe" } };
	char v[4096], m[4096];
	int i;

	FILE *fp;

	for (i = 0; i < 2; i++) {
		snprintf(v, sizeof v, "%s/%s", dir, names[i][0]);
		snprintf(m, sizeof m, "%s/%s", dir, names[i][1]);
		if ((fp = fopen(v, "rb")) != NULL) {
			fclose(fp);
			return bpe_load(b, v, m, err, errlen);
		}
	}
	snprintf(v, sizeof v, "%s/tokenizer.json", dir);
	if ((fp = fopen(v, "rb")) != NULL) {
		fclose(fp);
		return bpe_load_tokenizer(b, v, err, errlen);
	}
	return diag_errf(err, errlen, "%s: no vocab.json + merges.txt, encoder.json + vocab.bpe, nor tokenizer.json", dir);
}

void
bpe_free(struct bpe *b)
{
	xfree_strings(b->tok, (size_t)b->n_vocab);
	map_free(b->ids);
	map_free(b->ranks);
	pcre2_code_free(b->re);
	memset(b, 0, sizeof *b);
}

/* The rank of merging symbols s[i] and s[i+1] (starts into w), or -1. */
static int
bpe_rank(const struct bpe *b, const char *w, const size_t *s, int i, char *key)
{
	size_t la = s[i + 1] - s[i], lb = s[i + 2] - s[i + 1];

	memcpy(key, w + s[i], la);
	key[la] = ' ';
	memcpy(key + la + 1, w + s[i + 1], lb);
	return map_get(b->ranks, key, la + 1 + lb);
}

/*
 * One piece (w: its mapped characters, n bytes) merged and looked up: the
 * symbols are runs of w, symbol i being w[s[i] .. s[i+1]), so a merge drops a
 * boundary.  Each round merges every occurrence, left to right, of the pair
 * of lowest rank, as encoder.py's bpe() does.
 */
static int
bpe_word(const struct bpe *b, const char *w, size_t n, struct sbuf *ids, char *err, size_t errlen)
{
	size_t *s = xmalloc((n + 1) * sizeof *s);
	char *key = xmalloc(n + 2);
	int ns = 0, i, k, rc = 0;
	size_t at;

	for (at = 0; at < n; at += (unsigned char)w[at] < 0x80 ? 1 : 2)
		s[ns++] = at;	/* mapped characters are 1 or 2 bytes of UTF-8 */
	s[ns] = n;
	while (ns > 1) {
		int best = -1, r;

		for (i = 0; i + 1 < ns; i++)
			if ((r = bpe_rank(b, w, s, i, key)) >= 0 && (best < 0 || r < best))
				best = r;
		if (best < 0)
			break;
		/* a rank names one pair: merge each occurrence, left to right, none overlapping */
		for (k = 0, i = 0; i < ns; k++) {
			s[k] = s[i];
			i += i + 1 < ns && bpe_rank(b, w, s, i, key) == best ? 2 : 1;
		}
		s[k] = n;
		ns = k;
	}
	for (i = 0; i < ns && rc == 0; i++) {
		int id = map_get(b->ids, w + s[i], s[i + 1] - s[i]);

		if (id < 0) {
			rc = diag_errf(err, errlen, "text: the piece \"%.*s\" is not in the vocabulary",
			    (int)(s[i + 1] - s[i] > 200 ? 200 : s[i + 1] - s[i]), w + s[i]);
		} else {
			sbuf_addn(ids, (const char *)&id, sizeof id);
		}
	}
	free(s);
	free(key);
	return rc;
}

int
bpe_encode(const struct bpe *b, const char *text, size_t len, int **ids, int *n, char *err, size_t errlen)
{
	pcre2_match_data *md;
	struct sbuf out = { 0 }, w = { 0 };
	size_t at, k;
	int rc = 0;

	*ids = NULL;
	*n = 0;
	for (at = 0; at < len; at += k)
		if ((k = diag_utf8_len(text + at, len - at)) == 0)
			return diag_errf(err, errlen, "text: invalid UTF-8 at byte %zu", at);
	md = pcre2_match_data_create_from_pattern(b->re, NULL);
	for (at = 0; rc == 0 && at < len;) {
		PCRE2_SIZE *ov;
		int m = pcre2_match(b->re, (PCRE2_SPTR)text, len, at, PCRE2_NO_UTF_CHECK, md, NULL);

		if (m == PCRE2_ERROR_NOMATCH)
			break;
		if (m < 0) {
			rc = diag_errf(err, errlen, "text: PCRE2 error %d at byte %zu", m, at);
			break;
		}
		ov = pcre2_get_ovector_pointer(md);
		w.len = 0;
		for (k = ov[0]; k < ov[1]; k++)
			sbuf_add(&w, byte_utf8[(unsigned char)text[k]]);
		if (w.len > 0)
			rc = bpe_word(b, w.s, w.len, &out, err, errlen);
		at = ov[1] > at ? ov[1] : at + 1;
	}
	pcre2_match_data_free(md);
	free(w.s);
	if (rc != 0) {
		free(out.s);
		return -1;
	}
	*n = (int)(out.len / sizeof **ids);
	*ids = xmalloc(out.len + sizeof **ids);
	if (out.len > 0)
		memcpy(*ids, out.s, out.len);
	free(out.s);
	return 0;
}

/* The bytes a vocabulary string stands for (bytes_to_unicode backwards). */
static void
bpe_bytes(struct sbuf *out, const char *tok)
{
	const unsigned char *u = (const unsigned char *)tok;

	while (*u != '\0') {
		size_t k = diag_utf8_len((const char *)u, strlen((const char *)u));
		int cp = k == 1 ? u[0] : k == 2 ? (u[0] & 0x1f) << 6 | (u[1] & 0x3f) : -1;

		if (cp >= 0 && cp < 324 && cp_byte[cp] >= 0) {
			sbuf_addc(out, (char)cp_byte[cp]);
		} else {
			sbuf_addn(out, (const char *)u, k ? k : 1);	/* not a mapped byte: as written */
		}
		u += k ? k : 1;
	}
}

char *
bpe_decode(const struct bpe *b, const int *ids, int n, size_t *len)
{
	struct sbuf out = { 0 };
	int i;

	bpe_tables();
	for (i = 0; i < n; i++)
		if (ids[i] >= 0 && ids[i] < b->n_vocab && b->tok[ids[i]] != NULL)
			bpe_bytes(&out, b->tok[ids[i]]);
	*len = out.len;
	return sbuf_take(&out);
}

char *
bpe_label(const struct bpe *b, int id)
{
	struct sbuf raw = { 0 }, out = { 0 };
	size_t i, k;

	if (id < 0 || id >= b->n_vocab || b->tok[id] == NULL)
		return xstrdup("?");
	bpe_tables();
	bpe_bytes(&raw, b->tok[id]);
	for (i = 0; i < raw.len; i += k) {
		unsigned char c = (unsigned char)raw.s[i];

		k = diag_utf8_len(raw.s + i, raw.len - i);
		if (c == ' ')
			sbuf_add(&out, "\xe2\x90\xa3");	/* U+2423 OPEN BOX */
		else if (c == '\n')
			sbuf_add(&out, "\\n");
		else if (c == '\t')
			sbuf_add(&out, "\\t");
		else if (k == 0 || c < 0x20 || c == 0x7f)
			sbuf_addf(&out, "\\x%02x", c);
		else
			sbuf_addn(&out, raw.s + i, k);
		k = k ? k : 1;
	}
	free(raw.s);
	return sbuf_take(&out);
}
