/*
 * bpe.h - GPT-2's tokenizer, token for token OpenAI's encoder.py: the text
 * split by its pattern (PCRE2, Unicode classes), each piece's bytes mapped
 * to printable characters (bytes_to_unicode), then merged pair by pair in
 * the order of the merges file's ranks, each final piece looked up in the
 * vocabulary.  Reads vocab.json + merges.txt (Hugging Face's names) or
 * encoder.json + vocab.bpe (OpenAI's) or tokenizer.json.
 *
 * Ownership: bpe_load() fills a struct bpe released with bpe_free(); a
 * failed load leaves nothing to free.  bpe_encode() gives an array to free().
 * Failing functions write one line into err ("FILE: what, expected what")
 * and return -1.
 */
#ifndef BPE_H
#define BPE_H

#include <stddef.h>

struct bpe_map;		/* string -> int, open addressing (bpe.c) */

struct bpe {
	int n_vocab;		/* ids 0 .. n_vocab-1 */
	char **tok;		/* n_vocab strings as the vocabulary spells them ("Ġjourney"); NULL: unused id */
	struct bpe_map *ids;	/* vocabulary string -> id */
	struct bpe_map *ranks;	/* "first second" -> merge rank */
	void *re;		/* the compiled pattern (pcre2_code) */
};

/* vocab: the JSON object of strings to ids; merges: "#version" line, then "first second" lines. */
int bpe_load(struct bpe *b, const char *vocab, const char *merges, char *err, size_t errlen);
/* Hugging Face's tokenizer.json (model.vocab, model.merges). */
int bpe_load_tokenizer(struct bpe *b, const char *path, char *err, size_t errlen);
/* dir's vocab.json + merges.txt, else encoder.json + vocab.bpe, else tokenizer.json. */
int bpe_load_dir(struct bpe *b, const char *dir, char *err, size_t errlen);
void bpe_free(struct bpe *b);

/*
 * The ids of text (len bytes of UTF-8) into *ids (*n of them; free() it).
 * Invalid UTF-8 fails with "text: invalid UTF-8 at byte N"; a piece the
 * vocabulary lacks fails naming it.
 */
int bpe_encode(const struct bpe *b, const char *text, size_t len, int **ids, int *n, char *err, size_t errlen);

/* The bytes ids stand for, *len of them (a string to free(); ids out of range give none). */
char *bpe_decode(const struct bpe *b, const int *ids, int n, size_t *len);

/*
 * Token id as a label: its bytes as UTF-8 text with a space shown as "␣",
 * a byte that is not (part of) valid UTF-8 or a control byte as \xNN, \n,
 * \t.  A string to free(); "?" for an id out of range.
 */
char *bpe_label(const struct bpe *b, int id);

#endif
