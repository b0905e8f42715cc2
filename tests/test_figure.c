/*
 * test_figure.c - figure_write(): the PNG read back with cairo (its size,
 * the grey of the largest and smallest cells, the masked cells' dots), the
 * PDF's header, the refusals (extension, shape, size, an existing file, an
 * unwritable folder) and that no temporary file is left behind; labels in
 * other scripts (CJK, Arabic, Hebrew, Hangul, Greek, Cyrillic) drawn with
 * a glyph for every character (pango's unknown-glyph count, the label's
 * band inked, and not the boxes a missing font gives).  The SVG's text is
 * checked by tests/figure/run.sh with an XML parser.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo/cairo.h>

#include "../src/kernels/kernels.h"
#include "../src/teach/figure.h"
#include "test.h"
#include "lessons.h"

static const char *const rows[] = { "Your", "journey", "<starts>", "\xe6\x97\xa5\xe6\x9c\xac" };
static const char *const cols[] = { "Your", "journey", "<starts>", "\xe6\x97\xa5\xe6\x9c\xac", "caf\xc3\xa9" };

/* (4, 5): the largest value at (3, 2), the smallest at (1, 4), -inf above the diagonal's (0, 1) and (0, 2) */
static struct tensor *
sample(void)
{
	static const float v[] = {
		0.5f, -INFINITY, -INFINITY, 0.25f, 0.125f,
		0.3f, 0.2f, 0.1f, 0.05f, -0.75f,
		0.4f, 0.35f, 0.3f, 0.25f, 0.2f,
		0.6f, 0.7f, 1.5f, 0.1f, 0.0f,
	};
	struct tensor *t = tensor_new2(4, 5);

	memcpy(t->data, v, sizeof v);
	return t;
}

/* the grey (0..255) at the centre of cell (i, j) of map h, or -1 */
static int
grey_at(cairo_surface_t *s, const struct tensor *t, const struct figure_opts *o, int h, int i, int j,
    double dx, double dy)
{
	double x, y, side;
	unsigned char *d = cairo_image_surface_get_data(s);
	int px, py;
	uint32_t p;

	if (d == NULL || figure_cell_at(t, o, h, i, j, &x, &y, &side) != 0)
		return -1;
	px = (int)(x + side * dx);
	py = (int)(y + side * dy);
	p = *(uint32_t *)(d + (size_t)py * (size_t)cairo_image_surface_get_stride(s) + (size_t)px * 4);
	if ((p & 0xff) != ((p >> 8) & 0xff) || (p & 0xff) != ((p >> 16) & 0xff))
		return -2;	/* not grey */
	return (int)(p & 0xff);
}

static void
check_png(const char *dir)
{
	struct tensor *t = sample();
	struct figure_opts o = { "attn_weights[0]  (sample)", rows, cols, NULL, NULL, NULL, 0, 0 };
	char *p = lessons_path(dir, "map.png"), err[256];
	cairo_surface_t *s;
	double x, y, side;

	CHECK(figure_write(p, t, &o, err, sizeof err) == FIGURE_OK, "png: %s", err);
	s = cairo_image_surface_create_from_png(p);
	CHECK(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "png: cairo cannot read it back");
	if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
		figure_cell_at(t, &o, 0, 3, 4, &x, &y, &side);
		CHECK(side >= 8 && cairo_image_surface_get_width(s) > x + side &&
		    cairo_image_surface_get_height(s) > y + side, "png: %dx%d, cell side %g",
		    cairo_image_surface_get_width(s), cairo_image_surface_get_height(s), side);
		/* the terminal's ramp: 232 (8, 8, 8) for the smallest, 255 (238, 238, 238) for the largest */
		CHECK(grey_at(s, t, &o, 0, 3, 2, 0.5, 0.5) == 238, "png: largest cell %d", grey_at(s, t, &o, 0, 3, 2, 0.5, 0.5));
		CHECK(grey_at(s, t, &o, 0, 1, 4, 0.5, 0.5) == 8, "png: smallest cell %d", grey_at(s, t, &o, 0, 1, 4, 0.5, 0.5));
		/* 0.5 of -0.75 .. 1.5: (8 + 230 * 0.5555) = 135.8 */
		CHECK(abs(grey_at(s, t, &o, 0, 0, 0, 0.5, 0.5) - 136) <= 1, "png: cell (0, 0) %d", grey_at(s, t, &o, 0, 0, 0, 0.5, 0.5));
		/* masked: a grey dot on white */
		CHECK(grey_at(s, t, &o, 0, 0, 1, 0.5, 0.5) == 140, "png: masked dot %d", grey_at(s, t, &o, 0, 0, 1, 0.5, 0.5));
		CHECK(grey_at(s, t, &o, 0, 0, 2, 0.1, 0.1) == 255, "png: masked cell's white %d", grey_at(s, t, &o, 0, 0, 2, 0.1, 0.1));
	}
	cairo_surface_destroy(s);
	free(p);
	tensor_free(t);
}

/* (3, 2, 2) as a grid: every map's own extremes on the one scale 0 .. 3 */
static void
check_grid(const char *dir)
{
	int shape[3] = { 3, 2, 2 }, h;
	struct tensor *t = tensor_new(3, shape);
	struct figure_opts o = { "grid", NULL, NULL, NULL, NULL, NULL, 1, 0 };
	char *p = lessons_path(dir, "grid.png"), err[256];
	cairo_surface_t *s;
	size_t k;

	for (k = 0; k < t->numel; k++)
		t->data[k] = (float)k / 11 * 3;
	CHECK(figure_write(p, t, &o, err, sizeof err) == FIGURE_OK, "grid png: %s", err);
	s = cairo_image_surface_create_from_png(p);
	for (h = 0; h < 3 && cairo_surface_status(s) == CAIRO_STATUS_SUCCESS; h++) {
		int want = (int)lround(8 + 230 * (4.0 * h) / 11), got = grey_at(s, t, &o, h, 0, 0, 0.08, 0.08);

		CHECK(abs(got - want) <= 1, "grid: map %d cell (0, 0) %d, want %d", h, got, want);
	}
	CHECK(grey_at(s, t, &o, 2, 1, 1, 0.08, 0.08) == 238, "grid: the last cell");
	cairo_surface_destroy(s);
	free(p);
	tensor_free(t);
}

/*
 * Pixels of the w x h box at (x, y) of s that are not white; with other,
 * those that differ from other's box of the same size at (ox, oy).
 */
static long
ink(cairo_surface_t *s, int x, int y, int w, int h, cairo_surface_t *other, int ox, int oy)
{
	unsigned char *d = cairo_image_surface_get_data(s), *e = other ? cairo_image_surface_get_data(other) : NULL;
	int sd = cairo_image_surface_get_stride(s), se = other ? cairo_image_surface_get_stride(other) : 0, i, j;
	long n = 0;

	for (i = 0; d != NULL && i < h; i++)
		for (j = 0; j < w; j++) {
			uint32_t p = *(uint32_t *)(d + (size_t)(y + i) * (size_t)sd + (size_t)(x + j) * 4);

			if (e != NULL)
				n += (p & 0xffffff) != (*(uint32_t *)(e + (size_t)(oy + i) * (size_t)se + (size_t)(ox + j) * 4) & 0xffffff);
			else
				n += (p & 0xffffff) != 0xffffff;
		}
	return n;
}

/*
 * Labels in six scripts: a font has every character (pango counts no
 * unknown glyph; a private-use character, which no font has, counts), each
 * row label's band holds ink, and it differs from the same figure with
 * private-use characters in its place (which cairo's toy text API drew
 * the same empty boxes for, whatever the character).
 */
static void
check_scripts(const char *dir)
{
	static const char *const rows2[] = { "\u65e5\u672c\u8a9e", "\u0627\u0644\u0639\u0631\u0628\u064a\u0629",
		"\ud55c\uad6d\uc5b4", "\u05e2\u05d1\u05e8\u05d9\u05ea", "\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac",
		"\u041a\u0438\u0440\u0438\u043b\u043b\u0438\u0446\u0430" };
	static const char *const tofu[] = { "\ue000\ue001\ue002", "\ue000\ue001\ue002\ue003\ue004\ue005\ue006",
		"\ue000\ue001\ue002", "\ue000\ue001\ue002\ue003\ue004", "\ue000\ue001\ue002\ue003\ue004\ue005\ue006\ue007",
		"\ue000\ue001\ue002\ue003\ue004\ue005\ue006\ue007\ue008" };
	struct tensor *t = tensor_new2(6, 6);
	struct figure_opts o = { "scripts", rows2, rows2, NULL, NULL, NULL, 0, 0 };
	struct figure_opts ot = { "scripts", tofu, tofu, NULL, NULL, NULL, 0, 0 };
	char *p = lessons_path(dir, "scripts.png"), *q = lessons_path(dir, "tofu.png"), err[256];
	cairo_surface_t *s, *u;
	double x, y, side;
	int i, same;

	for (i = 0; i < 36; i++)
		t->data[i] = (float)i;
	for (i = 0; i < 6; i++)
		CHECK(figure_text_unknown(rows2[i]) == 0, "label %d (%s): %d characters without a font", i, rows2[i],
		    figure_text_unknown(rows2[i]));
	CHECK(figure_text_unknown("\ue000") == 1, "a private-use character: %d unknown", figure_text_unknown("\ue000"));
	CHECK(figure_write(p, t, &o, err, sizeof err) == FIGURE_OK, "scripts png: %s", err);
	CHECK(figure_write(q, t, &ot, err, sizeof err) == FIGURE_OK, "tofu png: %s", err);
	s = cairo_image_surface_create_from_png(p);
	u = cairo_image_surface_create_from_png(q);
	same = cairo_surface_status(s) == CAIRO_STATUS_SUCCESS && cairo_surface_status(u) == CAIRO_STATUS_SUCCESS;
	CHECK(same, "scripts: the two PNGs read back");
	for (i = 0; i < 6 && same; i++) {
		double ux, uy;
		long n, d;
		int w;

		/* the row label's band: right-aligned against the map's first cell, in both figures */
		figure_cell_at(t, &o, 0, i, 0, &x, &y, &side);
		figure_cell_at(t, &ot, 0, i, 0, &ux, &uy, &side);
		w = (int)(x < ux ? x : ux) - 2;
		n = ink(s, (int)x - w - 2, (int)y + 1, w, (int)side - 2, NULL, 0, 0);
		d = ink(s, (int)x - w - 2, (int)y + 1, w, (int)side - 2, u, (int)ux - w - 2, (int)uy + 1);
		CHECK(n >= 20 && d >= 20, "row label %d (%s): %ld inked pixels, %ld unlike the boxes", i, rows2[i], n, d);
	}
	cairo_surface_destroy(s);
	cairo_surface_destroy(u);
	free(p);
	free(q);
	tensor_free(t);
}

static int
file_starts(const char *path, const char *head)
{
	char buf[16] = { 0 };
	FILE *fp = fopen(path, "rb");
	size_t n;

	if (fp == NULL)
		return 0;
	n = fread(buf, 1, strlen(head), fp);
	fclose(fp);
	return n == strlen(head) && memcmp(buf, head, n) == 0;
}

static void
check_refusals(const char *dir)
{
	struct tensor *t = sample(), big = { 0 };
	struct figure_opts o = { NULL, NULL, NULL, NULL, NULL, NULL, 1, 0 };
	char *svg = lessons_path(dir, "again.svg"), *jpg = lessons_path(dir, "map.jpg"), *pdf = lessons_path(dir, "map.PDF"), err[256];
	int shape4[4] = { 1, 1, 2, 2 };
	struct tensor *t4 = tensor_new(4, shape4);

	CHECK(figure_write(svg, t, &o, err, sizeof err) == FIGURE_OK, "svg: %s", err);
	CHECK(figure_write(svg, t, &o, err, sizeof err) == FIGURE_REFUSED && strstr(err, "exists") != NULL,
	    "an existing file: %s", err);
	o.force = 1;
	CHECK(figure_write(svg, t, &o, err, sizeof err) == FIGURE_OK, "force: %s", err);
	CHECK(figure_write(pdf, t, &o, err, sizeof err) == FIGURE_OK && file_starts(pdf, "%PDF-"), "pdf: %s", err);
	CHECK(figure_write(jpg, t, &o, err, sizeof err) == FIGURE_REFUSED && strstr(err, "\".jpg\"") != NULL &&
	    access(jpg, F_OK) != 0, "jpg: %s", err);
	CHECK(figure_write("/nonexistent-folder/x.svg", t, &o, err, sizeof err) == FIGURE_IO &&
	    strncmp(err, "/nonexistent-folder/x.svg: ", 27) == 0, "unwritable: %s", err);
	CHECK(figure_write(svg, t4, &o, err, sizeof err) == FIGURE_REFUSED && strstr(err, "4-d") != NULL, "4-d: %s", err);
	/* 10,000 x 10,000 is refused from its shape alone: no data is read */
	big.ndim = 2;
	big.shape[0] = big.shape[1] = 10000;
	big.numel = 100000000;
	CHECK(figure_write(svg, &big, &o, err, sizeof err) == FIGURE_REFUSED && strstr(err, "too big") != NULL,
	    "10000 x 10000: %s", err);
	free(svg);
	free(jpg);
	free(pdf);
	tensor_free(t);
	tensor_free(t4);
}

/* no ".NAME.XXXXXX" left in dir */
static void
check_no_temp(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int left = 0;

	while (d != NULL && (e = readdir(d)) != NULL)
		if (e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			left++;
	if (d != NULL)
		closedir(d);
	CHECK(d != NULL && left == 0, "%d temporary files left in %s", left, dir);
}

void
test_figure(const char *dir)
{
	check_png(dir);
	check_grid(dir);
	check_scripts(dir);
	check_refusals(dir);
	check_no_temp(dir);
}

int
figure_samples(const char *dir)
{
	static const char *const names[] = { "sample.svg", "sample.png", "sample.pdf" };
	struct tensor *t = sample();
	struct figure_opts o = { "attn_weights[0]  (sample run, seed 123)", rows, cols, NULL, NULL,
	    "masked (a future token: -inf before softmax, weight 0)", 1, 1 };
	char err[256];
	size_t k;
	int rc = 0;

	for (k = 0; k < sizeof names / sizeof names[0]; k++) {
		char *p = lessons_path(dir, names[k]);

		if (figure_write(p, t, &o, err, sizeof err) != FIGURE_OK) {
			fprintf(stderr, "%s\n", err);
			rc = 1;
		}
		free(p);
	}
	tensor_free(t);
	return rc;
}
