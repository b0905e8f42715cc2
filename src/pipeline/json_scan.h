/*
 * json_scan.h - inside pipeline, between json.c and json_scan.c: the text
 * being loaded, the syntax check over it, and where each value starts.
 *
 * Ownership: a struct ctx borrows its text and path; it owns pos, which the
 * loader frees (free(c->pos)) when the load ends.
 */
#ifndef JSON_SCAN_H
#define JSON_SCAN_H

#include <stddef.h>

#include <cjson/cJSON.h>

#define NO_KEY ((size_t)-1)

/* Where one value starts, in the pre-order of the text and of cJSON's tree. */
struct node_pos {
	const cJSON *node;	/* filled by bind_nodes() */
	size_t off;		/* the value's first byte */
	size_t key;		/* a member's key (its opening quote), or NO_KEY */
};

struct ctx {
	const char *path;
	const char *text;	/* NUL-terminated, BOM removed */
	size_t len, bom;	/* bom: bytes skipped before text */
	struct node_pos *pos;	/* npos values in pre-order */
	size_t npos, cappos;
	size_t scan;		/* the syntax check's position */
	char *err;		/* json_check_syntax(), json_scan(): the message goes here, not to diag */
	size_t errlen;
	int nonfinite;		/* NaN, Infinity, -Infinity are numbers (Python's json) */
	int no_pos;		/* keep no positions (json_scan(): memory for the values only) */
};

/* line:col of byte off: lines count '\n', columns count characters (UTF-8 sequences), from 1. */
void jscan_line_col(const struct ctx *c, size_t off, int *line, int *col);
/* "PATH: message" (path NULL: the message) at byte off (NO_KEY: no position), to diag_at() or c->err; -1. */
int jscan_fail(const struct ctx *c, size_t off, const char *path, const char *fmt, ...);
/* Where node starts (key: its key, for a member), from jscan_bind()'s pairs; 0 when unknown. */
size_t jscan_find_off(const struct ctx *c, const cJSON *node, int key);
/* The whole text: one value and white space around it; fills c->pos.  0, or -1 after one message. */
int jscan_check(struct ctx *c);
/* cJSON's nodes paired with c->pos, both in pre-order; 0, or -1 when they disagree. */
int jscan_bind(struct ctx *c, cJSON *node, size_t *i, int member);

#endif
