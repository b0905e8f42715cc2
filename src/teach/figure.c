/*
 * figure.c - a heat map as an SVG, PNG or PDF file.  One layout (cell side,
 * label bands, grid of maps, colour bar, legend) measured with pango, then
 * painted by one of two painters: cairo's own surfaces for PNG and PDF, and
 * XML written here for SVG, because cairo's SVG surface turns text into
 * glyph outlines and a teacher's figure should keep its tokens and numbers
 * as text (searchable, editable, checked by an XML parser).  Text goes
 * through pango (pangocairo): fontconfig's fallback finds a font for every
 * script a label holds (CJK, Arabic, Devanagari, ...), shaped and in its
 * direction, where cairo's toy text API draws boxes for what its one font
 * lacks.  Pango is loaded with dlopen() when the first figure is drawn, not
 * linked: its sixteen libraries cost every run of attn-explain several
 * milliseconds at start-up; without it, figures fall back to cairo's toy
 * text (boxes for what DejaVu lacks).  The file is written under a
 * temporary name beside the target and renamed.
 */
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Debian's libcairo2-dev and libpango1.0-dev (the Makefile adds pkg-config's flags for pangocairo) */
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>	/* types and PANGO_SCALE only: the functions come through pg */

#include "../util/util.h"
#include "figure.h"

#define MARGIN 16.0
#define GAP 16.0		/* between maps of a grid */
#define TITLE_FS 14.0
#define MAPTITLE_FS 11.0
#define LABEL_FS 11.0
#define NUMBER_FS 10.0
#define LEGEND_FS 11.0
#define BAR_W 14.0
#define AREA 2400.0		/* the cells of the whole grid fit this many units a side */
#define LABEL_CHARS 16		/* characters of a label before it is cut with an ellipsis */
#define PNG_MAX_PIXELS (64.0 * 1024 * 1024)

enum { FMT_SVG, FMT_PNG, FMT_PDF };
static const struct { const char *ext; int fmt; } formats[] = {
	{ ".svg", FMT_SVG }, { ".png", FMT_PNG }, { ".pdf", FMT_PDF },
};

enum { A_START, A_MIDDLE, A_END };

struct fig {
	const struct tensor *t;
	const struct figure_opts *o;
	int H, R, C, gr, gc;		/* maps, rows and columns of one, grid rows and columns */
	double cs, fs, nfs;		/* cell side, label font, number font (0: none drawn) */
	double th, lw, lh;		/* map title line, row label band, column label band */
	double mw, mh, top;		/* one map's block; y of the first row of blocks */
	double bar_x, bar_h, W, Ht;
	struct figure_range sc;		/* the colour scale: sc.lo > sc.hi when nothing is shaded */
	char **rl, **cl, **mt;		/* cleaned labels and map titles */
	char *title;
	char **num;			/* numel texts as print(t) writes them, or NULL */
	PangoFontMap *fm;		/* fontconfig's fonts, this figure's own (freed with it); NULL: no pango */
	PangoLayout *ml;		/* measures text */
	cairo_t *m;			/* or measures it with cairo's toy text, without pango */
	cairo_t *cr;			/* paints PNG or PDF */
	PangoLayout *pl;		/* with cr */
	FILE *svg;			/* or paints SVG */
};

/* ---- pango, loaded when first needed ---- */

struct pango_fns {
	PangoFontMap *(*font_map_new)(cairo_font_type_t);
	PangoContext *(*create_context)(PangoFontMap *);
	void (*set_font_options)(PangoContext *, const cairo_font_options_t *);
	PangoLayout *(*layout_new)(PangoContext *);
	void (*object_unref)(gpointer);
	void (*single_paragraph)(PangoLayout *, gboolean);
	PangoFontDescription *(*desc_from_string)(const char *);
	void (*desc_set_size)(PangoFontDescription *, double);
	void (*set_desc)(PangoLayout *, const PangoFontDescription *);
	void (*desc_free)(PangoFontDescription *);
	void (*set_text)(PangoLayout *, const char *, int);
	void (*get_extents)(PangoLayout *, PangoRectangle *, PangoRectangle *);
	int (*get_baseline)(PangoLayout *);
	void (*update_layout)(cairo_t *, PangoLayout *);
	void (*show_layout)(cairo_t *, PangoLayout *);
	int (*unknown_glyphs)(PangoLayout *);
	void (*weak_init)(GWeakRef *, gpointer);
	gpointer (*weak_get)(GWeakRef *);
	void (*weak_clear)(GWeakRef *);
	void (*usleep_)(gulong);
};
static struct pango_fns pg;
static int pango_ok;		/* pg is loaded */

/*
 * LeakSanitizer's hook (sanitizer builds call it; others never do): what
 * pango's fontconfig thread still holds when the process ends is not ours.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_options(void);
const char *
__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\nleak:libpango\nleak:libglib\nleak:libgobject\nleak:libharfbuzz\n";
}

/* and quietly: a report of the suppressions used would be a second line on stderr */
const char *
__lsan_default_options(void)
{
	return "print_suppressions=0";
}

#define PG(f, name) { name, offsetof(struct pango_fns, f) }

/* 1 when libpangocairo (and through it pango, gobject, glib) is loaded and every function found */
static int
pango_ready(void)
{
	static const struct { const char *name; size_t off; } fns[] = {
		PG(font_map_new, "pango_cairo_font_map_new_for_font_type"),
		PG(create_context, "pango_font_map_create_context"),
		PG(set_font_options, "pango_cairo_context_set_font_options"),
		PG(layout_new, "pango_layout_new"),
		PG(object_unref, "g_object_unref"),
		PG(single_paragraph, "pango_layout_set_single_paragraph_mode"),
		PG(desc_from_string, "pango_font_description_from_string"),
		PG(desc_set_size, "pango_font_description_set_absolute_size"),
		PG(set_desc, "pango_layout_set_font_description"),
		PG(desc_free, "pango_font_description_free"),
		PG(set_text, "pango_layout_set_text"),
		PG(get_extents, "pango_layout_get_extents"),
		PG(get_baseline, "pango_layout_get_baseline"),
		PG(update_layout, "pango_cairo_update_layout"),
		PG(show_layout, "pango_cairo_show_layout"),
		PG(unknown_glyphs, "pango_layout_get_unknown_glyphs_count"),
		PG(weak_init, "g_weak_ref_init"),
		PG(weak_get, "g_weak_ref_get"),
		PG(weak_clear, "g_weak_ref_clear"),
		PG(usleep_, "g_usleep"),
	};
	static int tried;
	struct pango_fns got;
	void *h, *sym;
	size_t k;

	if (tried)
		return pango_ok;
	tried = 1;
	if ((h = dlopen("libpangocairo-1.0.so.0", RTLD_NOW | RTLD_LOCAL)) == NULL)
		return 0;
	for (k = 0; k < sizeof fns / sizeof fns[0]; k++) {
		if ((sym = dlsym(h, fns[k].name)) == NULL)
			return 0;	/* never unloaded: glib cannot be */
		memcpy((char *)&got + fns[k].off, &sym, sizeof sym);	/* POSIX: a function's address as void * */
	}
	pg = got;
	return pango_ok = 1;
}

/* ---- text ---- */

/*
 * s as drawable UTF-8: invalid bytes and control characters become U+FFFD
 * (cairo refuses invalid UTF-8, XML refuses control characters), and cut
 * with an ellipsis after max characters (0: no cut).  free() it.
 */
static char *
text_clean(const char *s, int max)
{
	struct sbuf b = { NULL, 0, 0 };
	size_t n = strlen(s), k;
	int chars = 0;

	for (; *s != '\0'; s += k, n -= k) {
		k = diag_utf8_len(s, n);
		if (max > 0 && chars == max) {
			sbuf_add(&b, "\u2026");
			break;
		}
		if (k == 0 || (unsigned char)*s < 0x20 || *s == 0x7f) {
			sbuf_add(&b, "\ufffd");
			k = k == 0 ? 1 : k;
		} else {
			sbuf_addn(&b, s, k);
		}
		chars++;
	}
	return sbuf_take(&b);
}

/*
 * A layout of its own font map: sans-serif at size units, metrics not
 * hinted, so that widths measured once hold on every surface.
 */
static PangoLayout *
layout_new(PangoFontMap *fm)
{
	PangoContext *c = pg.create_context(fm);
	cairo_font_options_t *fo = cairo_font_options_create();
	PangoLayout *l;

	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	pg.set_font_options(c, fo);
	cairo_font_options_destroy(fo);
	l = pg.layout_new(c);
	pg.object_unref(c);
	pg.single_paragraph(l, TRUE);
	return l;
}

/* l holds s at size; its logical width back, and in *baseline the baseline's depth below its top */
static double
layout_text(PangoLayout *l, const char *s, double size, double *baseline)
{
	PangoFontDescription *d = pg.desc_from_string("sans-serif");
	PangoRectangle r;

	pg.desc_set_size(d, size * PANGO_SCALE);
	pg.set_desc(l, d);
	pg.desc_free(d);
	pg.set_text(l, s, -1);
	pg.get_extents(l, NULL, &r);
	if (baseline != NULL)
		*baseline = (double)pg.get_baseline(l) / PANGO_SCALE;
	return (double)r.width / PANGO_SCALE;
}

static double
text_width(struct fig *f, const char *s, double size)
{
	cairo_text_extents_t e;

	if (f->ml != NULL)
		return layout_text(f->ml, s, size, NULL);
	cairo_set_font_size(f->m, size);
	cairo_text_extents(f->m, s, &e);
	return e.x_advance;
}

/*
 * Every value as print(t) shows it (one format for the whole tensor, 4
 * decimals or scientific), read back out of print's text: NULL when the
 * text does not split into numel values.
 */
static char **
numbers_of(const struct tensor *t)
{
	struct print_opts po;
	struct tensor *c = tensor_new(t->ndim, t->shape);
	char *s, *p, **v;
	size_t n = 0;

	if (c == NULL)
		return NULL;
	memcpy(c->data, t->data, t->numel * sizeof *t->data);	/* no grad_fn, no "Parameter" */
	print_opts_default(&po);
	po.threshold = (long long)t->numel + 1;
	po.linewidth = 1 << 30;
	s = print_tensor_str(c, &po);
	tensor_free(c);
	v = xcalloc(t->numel, sizeof *v);
	p = strncmp(s, "tensor(", 7) == 0 ? s + 7 : s;
	while (*p != '\0' && *p != ')') {
		size_t k = strcspn(p, " ,[]\n)");

		if (k == 0) {
			p++;
			continue;
		}
		if (n == t->numel)
			break;
		v[n] = xmalloc(k + 1);
		memcpy(v[n], p, k);
		v[n++][k] = '\0';
		p += k;
	}
	free(s);
	if (n == t->numel)
		return v;
	while (n > 0)
		free(v[--n]);
	free(v);
	return NULL;
}

/* ---- the layout ---- */

static int
cell_masked(const struct fig *f, size_t k)
{
	float x = f->t->data[k];

	return f->o->mask != NULL ? f->o->mask[k] != 0 : isinf(x) && x < 0;
}

void
figure_range_init(struct figure_range *sc)
{
	memset(sc, 0, sizeof *sc);
	sc->lo = INFINITY;
	sc->hi = -INFINITY;
}

void
figure_range_add(struct figure_range *sc, float x, int masked)
{
	if (masked)
		sc->masked = 1;
	else if (isnan(x))
		sc->nan = 1;
	else if (isinf(x))
		*(x > 0 ? &sc->pinf : &sc->ninf) = 1;
	else {
		sc->lo = x < sc->lo ? x : sc->lo;
		sc->hi = x > sc->hi ? x : sc->hi;
	}
}

void
figure_range_done(struct figure_range *sc)
{
	if (sc->lo > 0)
		sc->lo = 0;
}

/* The scale, from the cells neither masked nor infinite nor nan; 0 is its floor when all are positive. */
static void
fig_scale(struct fig *f)
{
	size_t k;

	figure_range_init(&f->sc);
	for (k = 0; k < f->t->numel; k++)
		figure_range_add(&f->sc, f->t->data[k], cell_masked(f, k));
	figure_range_done(&f->sc);
}

static char **
labels_of(const char *const *given, int n, const char *fmt)
{
	char **l = xcalloc((size_t)n, sizeof *l), buf[32];
	int i;

	for (i = 0; i < n; i++) {
		if (given != NULL && given[i] != NULL) {
			l[i] = text_clean(given[i], LABEL_CHARS);
		} else {
			snprintf(buf, sizeof buf, fmt, i);
			l[i] = xstrdup(buf);
		}
	}
	return l;
}

static double
widest(struct fig *f, char **s, int n, double size)
{
	double w = 0, x;
	int i;

	for (i = 0; i < n; i++)
		if ((x = text_width(f, s[i], size)) > w)
			w = x;
	return w;
}

static const char *
legend_line(const struct fig *f, int k)
{
	const char *l[4];
	int n = 0;

	if (f->sc.masked)
		l[n++] = "masked";
	if (f->sc.nan)
		l[n++] = "nan";
	if (f->sc.pinf || f->sc.ninf)
		l[n++] = "inf";
	return k < n ? l[k] : NULL;
}

static double
legend_width(struct fig *f, const char *what)
{
	char buf[256];

	if (strcmp(what, "masked") == 0)
		snprintf(buf, sizeof buf, "= %s", f->o->mask_note != NULL ? f->o->mask_note : "masked");
	else if (strcmp(what, "nan") == 0)
		snprintf(buf, sizeof buf, "= nan (not a number)");
	else
		snprintf(buf, sizeof buf, "inf = light, -inf = dark");
	return 2 * LEGEND_FS + text_width(f, buf, LEGEND_FS);
}

static double
bar_label_width(struct fig *f)
{
	char a[64], b[64];
	double wa, wb;

	if (f->sc.lo > f->sc.hi)
		return text_width(f, "no finite value", LEGEND_FS);
	snprintf(a, sizeof a, "%.4g", f->sc.hi);
	snprintf(b, sizeof b, "%.4g", f->sc.lo);
	wa = text_width(f, a, LEGEND_FS);
	wb = text_width(f, b, LEGEND_FS);
	return wa > wb ? wa : wb;
}

/* Sides of the cells and bands, the page size. */
static void
fig_layout(struct fig *f)
{
	double base = 24, numw = 0, side, w;
	int k;

	if (f->o->numbers && f->num != NULL) {
		numw = widest(f, f->num, (int)f->t->numel, NUMBER_FS);
		base = numw + 8 > base ? numw + 8 : base;
	}
	side = f->gr * f->R > f->gc * f->C ? f->gr * f->R : f->gc * f->C;
	f->cs = AREA / side < base ? AREA / side : base;
	if (f->cs >= 2)
		f->cs = floor(f->cs);	/* whole pixels: crisp PNG cells */
	f->nfs = numw > 0 ? NUMBER_FS * (f->cs - 4) / numw : 0;
	f->nfs = f->nfs > NUMBER_FS ? NUMBER_FS : f->nfs < 3 ? 0 : f->nfs;
	f->fs = f->cs * 0.85 > LABEL_FS ? LABEL_FS : f->cs * 0.85;
	if (f->fs < 4)
		f->fs = 0;	/* too small to read: no labels */
	f->th = f->H > 1 ? ceil(MAPTITLE_FS * 1.6) : 0;
	f->lw = f->fs > 0 ? ceil(widest(f, f->rl, f->R, f->fs) + 6) : 0;
	f->lh = f->fs > 0 ? ceil(widest(f, f->cl, f->C, f->fs) + 6) : 0;
	f->mw = f->lw + f->C * f->cs;
	f->mh = f->th + f->lh + f->R * f->cs;
	f->top = f->title != NULL ? MARGIN + ceil(TITLE_FS * 1.8) : MARGIN;
	f->bar_x = MARGIN + f->gc * (f->mw + GAP) - GAP + 2 * GAP;
	f->bar_h = f->R * f->cs < 120 ? 120 : f->R * f->cs > 320 ? 320 : f->R * f->cs;
	f->W = f->bar_x + BAR_W + 6 + bar_label_width(f) + MARGIN;
	if (f->title != NULL && (w = 2 * MARGIN + text_width(f, f->title, TITLE_FS)) > f->W)
		f->W = w;
	for (k = 0; legend_line(f, k) != NULL; k++)
		if ((w = 2 * MARGIN + legend_width(f, legend_line(f, k))) > f->W)
			f->W = w;
	w = f->top + f->gr * (f->mh + GAP) - GAP;
	if (w < f->top + f->th + f->lh + f->bar_h)
		w = f->top + f->th + f->lh + f->bar_h;
	f->Ht = w + (k > 0 ? 8 + k * LEGEND_FS * 1.6 : 0) + MARGIN;
	f->W = ceil(f->W);
	f->Ht = ceil(f->Ht);
}

static void
cell_origin(const struct fig *f, int h, int i, int j, double *x, double *y)
{
	int gx = h % f->gc, gy = h / f->gc;

	*x = MARGIN + gx * (f->mw + GAP) + f->lw + j * f->cs;
	*y = f->top + gy * (f->mh + GAP) + f->th + f->lh + i * f->cs;
}

/* ---- the two painters ---- */

static void
svg_text(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '&')
			fputs("&amp;", fp);
		else if (*s == '<')
			fputs("&lt;", fp);
		else if (*s == '>')
			fputs("&gt;", fp);
		else
			fputc(*s, fp);
	}
}

static void
p_rect(struct fig *f, double x, double y, double w, double h, double grey)
{
	if (f->svg != NULL) {
		fprintf(f->svg, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"#%02x%02x%02x\"/>\n",
		    x, y, w, h, (int)lround(grey * 255), (int)lround(grey * 255), (int)lround(grey * 255));
		return;
	}
	cairo_set_source_rgb(f->cr, grey, grey, grey);
	cairo_rectangle(f->cr, x, y, w, h);
	cairo_fill(f->cr);
}

/* s with its baseline at y, anchored at x; rot: read bottom to top. */
static void
p_text(struct fig *f, double x, double y, double size, int anchor, int rot, double grey, const char *s)
{
	static const char *const anchors[] = { "start", "middle", "end" };
	double w, base;

	if (f->svg != NULL) {
		fprintf(f->svg, "<text x=\"%g\" y=\"%g\" font-size=\"%g\" text-anchor=\"%s\"", x, y, size,
		    anchors[anchor]);
		if (grey > 0)
			fprintf(f->svg, " fill=\"#%02x%02x%02x\"", (int)lround(grey * 255), (int)lround(grey * 255),
			    (int)lround(grey * 255));
		if (rot)
			fprintf(f->svg, " transform=\"rotate(-90 %g %g)\"", x, y);
		fputc('>', f->svg);
		svg_text(f->svg, s);
		fputs("</text>\n", f->svg);
		return;
	}
	base = 0;
	if (f->pl != NULL)
		w = layout_text(f->pl, s, size, &base);
	else
		w = text_width(f, s, size);
	cairo_save(f->cr);
	cairo_set_source_rgb(f->cr, grey, grey, grey);
	cairo_translate(f->cr, x, y);
	if (rot)
		cairo_rotate(f->cr, -M_PI / 2);
	cairo_move_to(f->cr, -anchor * w / 2, -base);
	if (f->pl != NULL) {
		pg.update_layout(f->cr, f->pl);
		pg.show_layout(f->cr, f->pl);
	} else {
		cairo_set_font_size(f->cr, size);
		cairo_show_text(f->cr, s);
	}
	cairo_restore(f->cr);
}

/* The mark of a masked cell (a dot) or of nan (a cross), on the page's white. */
static void
p_mark(struct fig *f, double x, double y, int cross)
{
	double c = f->cs / 2, r = f->cs * 0.14 > 0.5 ? f->cs * 0.14 : 0.5, d = f->cs * 0.25;

	if (f->svg != NULL) {
		if (cross)
			fprintf(f->svg, "<path d=\"M%g %gL%g %gM%g %gL%g %g\" stroke=\"#595959\" stroke-width=\"%g\"/>\n",
			    x + c - d, y + c - d, x + c + d, y + c + d, x + c - d, y + c + d, x + c + d, y + c - d,
			    r / 2);
		else
			fprintf(f->svg, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"#8c8c8c\"/>\n", x + c, y + c, r);
		return;
	}
	if (cross) {
		cairo_set_source_rgb(f->cr, 0.35, 0.35, 0.35);
		cairo_set_line_width(f->cr, r / 2);
		cairo_move_to(f->cr, x + c - d, y + c - d);
		cairo_line_to(f->cr, x + c + d, y + c + d);
		cairo_move_to(f->cr, x + c - d, y + c + d);
		cairo_line_to(f->cr, x + c + d, y + c - d);
		cairo_stroke(f->cr);
		return;
	}
	cairo_set_source_rgb(f->cr, 0.55, 0.55, 0.55);
	cairo_arc(f->cr, x + c, y + c, r, 0, 2 * M_PI);
	cairo_fill(f->cr);
}

/* The grey of a level, 0 dark .. 1 light: the terminal's 256-colour ramp, 232 .. 255. */
static double
grey_of(double level)
{
	return (8 + 230 * level) / 255;
}

static void
p_bar(struct fig *f, double x, double y, double w, double h)
{
	cairo_pattern_t *g;

	if (f->sc.lo >= f->sc.hi) {
		p_rect(f, x, y, w, h, grey_of(0));
		return;
	}
	if (f->svg != NULL) {
		fprintf(f->svg, "<defs><linearGradient id=\"scale\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">"
		    "<stop offset=\"0\" stop-color=\"#080808\"/><stop offset=\"1\" stop-color=\"#eeeeee\"/>"
		    "</linearGradient></defs>\n<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"url(#scale)\"/>\n",
		    x, y, w, h);
		return;
	}
	g = cairo_pattern_create_linear(0, y + h, 0, y);
	cairo_pattern_add_color_stop_rgb(g, 0, grey_of(0), grey_of(0), grey_of(0));
	cairo_pattern_add_color_stop_rgb(g, 1, grey_of(1), grey_of(1), grey_of(1));
	cairo_set_source(f->cr, g);
	cairo_rectangle(f->cr, x, y, w, h);
	cairo_fill(f->cr);
	cairo_pattern_destroy(g);
}

/* ---- painting ---- */

static void
paint_cell(struct fig *f, int h, int i, int j)
{
	size_t k = ((size_t)h * f->R + i) * f->C + j;
	float v = f->t->data[k];
	double x, y, level;

	cell_origin(f, h, i, j, &x, &y);
	if (cell_masked(f, k) || isnan(v)) {
		p_mark(f, x, y, !cell_masked(f, k));
		if (isnan(v) && !cell_masked(f, k) && f->nfs > 0)
			p_text(f, x + f->cs / 2, y + f->cs / 2 + f->nfs * 0.36, f->nfs, A_MIDDLE, 0, 0, f->num[k]);
		return;
	}
	level = isinf(v) ? (v > 0) : f->sc.hi > f->sc.lo ? ((double)v - f->sc.lo) / (f->sc.hi - f->sc.lo) : 0;
	p_rect(f, x, y, f->cs, f->cs, grey_of(level));
	if (f->nfs > 0)
		p_text(f, x + f->cs / 2, y + f->cs / 2 + f->nfs * 0.36, f->nfs, A_MIDDLE, 0, level > 0.5 ? 0 : 1,
		    f->num[k]);
}

static void
paint_map(struct fig *f, int h)
{
	double x, y;
	int i, j;

	cell_origin(f, h, 0, 0, &x, &y);
	if (f->H > 1)
		p_text(f, x, y - f->lh - f->th * 0.4, MAPTITLE_FS, A_START, 0, 0, f->mt[h]);
	for (i = 0; f->fs > 0 && i < f->R; i++)
		p_text(f, x - 4, y + (i + 0.5) * f->cs + f->fs * 0.36, f->fs, A_END, 0, 0, f->rl[i]);
	for (j = 0; f->fs > 0 && j < f->C; j++)
		p_text(f, x + (j + 0.5) * f->cs + f->fs * 0.36, y - 4, f->fs, A_START, 1, 0, f->cl[j]);
	p_rect(f, x - 1, y - 1, f->C * f->cs + 2, f->R * f->cs + 2, 0.8);	/* a frame: masked cells are white */
	p_rect(f, x, y, f->C * f->cs, f->R * f->cs, 1);
	for (i = 0; i < f->R; i++)
		for (j = 0; j < f->C; j++)
			paint_cell(f, h, i, j);
}

static void
paint_legend(struct fig *f)
{
	double y = f->top + f->th + f->lh, x = f->bar_x + BAR_W + 6;
	char buf[256];
	const char *what;
	int k;

	p_bar(f, f->bar_x, y, BAR_W, f->bar_h);
	if (f->sc.lo > f->sc.hi) {
		p_text(f, x, y + LEGEND_FS, LEGEND_FS, A_START, 0, 0, "no finite value");
	} else {
		snprintf(buf, sizeof buf, "%.4g", f->sc.hi);
		p_text(f, x, y + LEGEND_FS * 0.8, LEGEND_FS, A_START, 0, 0, buf);
		snprintf(buf, sizeof buf, "%.4g", f->sc.lo);
		p_text(f, x, y + f->bar_h, LEGEND_FS, A_START, 0, 0, buf);
	}
	y = f->top + f->gr * (f->mh + GAP) - GAP;
	if (y < f->top + f->th + f->lh + f->bar_h)
		y = f->top + f->th + f->lh + f->bar_h;
	for (k = 0; (what = legend_line(f, k)) != NULL; k++) {
		double ly = y + 8 + k * LEGEND_FS * 1.6, cs = f->cs;

		f->cs = 2 * LEGEND_FS;	/* a sample cell of legend size */
		if (strcmp(what, "inf") == 0) {
			p_text(f, MARGIN, ly + LEGEND_FS, LEGEND_FS, A_START, 0, 0, "inf = light, -inf = dark");
		} else {
			p_mark(f, MARGIN - LEGEND_FS / 2, ly - 4, strcmp(what, "nan") == 0);
			snprintf(buf, sizeof buf, "= %s", strcmp(what, "nan") == 0 ? "nan (not a number)" :
			    f->o->mask_note != NULL ? f->o->mask_note : "masked");
			p_text(f, MARGIN + 2 * LEGEND_FS, ly + LEGEND_FS, LEGEND_FS, A_START, 0, 0, buf);
		}
		f->cs = cs;
	}
}

static void
paint(struct fig *f)
{
	int h;

	p_rect(f, 0, 0, f->W, f->Ht, 1);
	if (f->title != NULL)
		p_text(f, MARGIN, MARGIN + TITLE_FS, TITLE_FS, A_START, 0, 0, f->title);
	for (h = 0; h < f->H; h++)
		paint_map(f, h);
	paint_legend(f);
}

/* ---- the file ---- */

static cairo_status_t
sink_write(void *closure, const unsigned char *data, unsigned int len)
{
	return outfile_write(closure, data, len) == 0 ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static void
write_svg(struct fig *f, struct outfile *s)
{
	f->svg = s->fp;
	fprintf(f->svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" viewBox=\"0 0 %g %g\" "
	    "font-family=\"DejaVu Sans, sans-serif\" shape-rendering=\"crispEdges\">\n", f->W, f->Ht, f->W, f->Ht);
	if (f->title != NULL) {
		fputs("<title>", f->svg);
		svg_text(f->svg, f->title);
		fputs("</title>\n", f->svg);
	}
	paint(f);
	fputs("</svg>\n", f->svg);
	if (ferror(f->svg) && s->err == 0)
		s->err = errno != 0 ? errno : EIO;
}

static int
write_cairo(struct fig *f, struct outfile *s, int fmt)
{
	cairo_surface_t *sf = fmt == FMT_PNG ?
	    cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)f->W, (int)f->Ht) :
	    cairo_pdf_surface_create_for_stream(sink_write, s, f->W, f->Ht);
	int ok;

	f->cr = cairo_create(sf);
	if (f->fm != NULL)
		f->pl = layout_new(f->fm);
	else
		cairo_select_font_face(f->cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	if (fmt == FMT_PNG)
		cairo_set_antialias(f->cr, CAIRO_ANTIALIAS_GRAY);
	paint(f);
	ok = cairo_status(f->cr) == CAIRO_STATUS_SUCCESS;
	if (f->pl != NULL)
		pg.object_unref(f->pl);
	f->pl = NULL;
	cairo_destroy(f->cr);
	f->cr = NULL;
	cairo_surface_flush(sf);
	if (fmt == FMT_PNG && ok)
		ok = cairo_surface_write_to_png_stream(sf, sink_write, s) == CAIRO_STATUS_SUCCESS;
	cairo_surface_finish(sf);
	ok = ok && cairo_surface_status(sf) == CAIRO_STATUS_SUCCESS;
	cairo_surface_destroy(sf);
	if (!ok && s->err == 0)
		s->err = EIO;
	return ok;
}

/* ---- the checks, and the whole ---- */

static int
format_of(const char *path)
{
	size_t n = strlen(path), k;

	for (k = 0; k < sizeof formats / sizeof formats[0]; k++)
		if (n > 4 && strcasecmp(path + n - 4, formats[k].ext) == 0)
			return formats[k].fmt;
	return -1;
}

static int
fig_check(const struct tensor *t, char *err, size_t errlen)
{
	int H = t->ndim == 3 ? t->shape[0] : 1, R = t->shape[t->ndim - 2], C = t->shape[t->ndim - 1];

	if (t->ndim != 2 && t->ndim != 3) {
		snprintf(err, errlen, "a figure draws a 2-d tensor or a grid of 2-d maps (H, T, T); this one is %d-d",
		    t->ndim);
		return FIGURE_REFUSED;
	}
	if (t->numel == 0) {
		snprintf(err, errlen, "nothing to draw: the tensor is empty");
		return FIGURE_REFUSED;
	}
	if (R > FIGURE_MAX_SIDE || C > FIGURE_MAX_SIDE || H > FIGURE_MAX_MAPS || t->numel > FIGURE_MAX_CELLS) {
		snprintf(err, errlen, "a figure of %d map%s of %d x %d cells is too big: at most %d maps of %d x %d, "
		    "%d cells in all; draw a slice", H, H > 1 ? "s" : "", R, C, FIGURE_MAX_MAPS, FIGURE_MAX_SIDE,
		    FIGURE_MAX_SIDE, FIGURE_MAX_CELLS);
		return FIGURE_REFUSED;
	}
	return FIGURE_OK;
}

/*
 * Lets go of a font map and waits (up to 2 s) until it is gone: pango 1.50
 * sorts fontsets in a thread of its own ("[pango] FcFontSetSort"), whose
 * job may hold the map, its fonts and their cairo font faces a little
 * longer; figure_release() must not reset cairo and fontconfig under it.
 */
static void
font_map_free(PangoFontMap *fm)
{
	GWeakRef w;
	GObject *o;
	int n;

	pg.weak_init(&w, fm);
	pg.object_unref(fm);
	for (n = 0; n < 2000 && (o = pg.weak_get(&w)) != NULL; n++) {
		pg.object_unref(o);
		pg.usleep_(1000);
	}
	pg.weak_clear(&w);
}

static void
fig_free(struct fig *f)
{
	xfree_strings(f->rl, (size_t)f->R);
	xfree_strings(f->cl, (size_t)f->C);
	xfree_strings(f->mt, (size_t)f->H);
	free(f->title);
	xfree_strings(f->num, f->num != NULL ? f->t->numel : 0);
	if (f->ml != NULL)
		pg.object_unref(f->ml);
	if (f->fm != NULL)
		font_map_free(f->fm);
	if (f->m != NULL) {
		cairo_surface_t *sf = cairo_get_target(f->m);

		cairo_destroy(f->m);
		cairo_surface_destroy(sf);
	}
}

static void
fig_init(struct fig *f, const struct tensor *t, const struct figure_opts *o)
{
	memset(f, 0, sizeof *f);
	f->t = t;
	f->o = o;
	f->H = t->ndim == 3 ? t->shape[0] : 1;
	f->R = t->shape[t->ndim - 2];
	f->C = t->shape[t->ndim - 1];
	f->gc = (int)ceil(sqrt((double)f->H));
	f->gr = (f->H + f->gc - 1) / f->gc;
	if (pango_ready()) {
		f->fm = pg.font_map_new(CAIRO_FONT_TYPE_FT);
		f->ml = layout_new(f->fm);
	} else {
		f->m = cairo_create(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1));
		cairo_select_font_face(f->m, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	}
	f->rl = labels_of(o->row_labels, f->R, "%d");
	f->cl = labels_of(o->col_labels, f->C, "%d");
	f->mt = labels_of(o->map_titles, f->H, "[%d]");
	f->title = o->title != NULL ? text_clean(o->title, 0) : NULL;
	f->num = o->numbers ? numbers_of(t) : NULL;
	fig_scale(f);
	fig_layout(f);
}

int
figure_text_unknown(const char *s)
{
	PangoFontMap *fm;
	PangoLayout *l;
	char *c;
	int n;

	if (!pango_ready())
		return -1;
	fm = pg.font_map_new(CAIRO_FONT_TYPE_FT);
	l = layout_new(fm);
	c = text_clean(s, 0);

	layout_text(l, c, LABEL_FS, NULL);
	n = pg.unknown_glyphs(l);
	free(c);
	pg.object_unref(l);
	font_map_free(fm);
	return n;
}

void
figure_release(void)
{
	/*
	 * Once pango is loaded its own thread ("[pango] FcInit", fontset sorts)
	 * may still hold fonts and fontconfig's caches: resetting them under it
	 * failed assertions in cairo and fontconfig.  They stay, as the process
	 * ends; the sanitizers are told (above).
	 */
	if (pango_ok)
		return;
	cairo_debug_reset_static_data();
	FcFini();
}

int
figure_cell_at(const struct tensor *t, const struct figure_opts *o, int h, int i, int j,
    double *x, double *y, double *side)
{
	struct fig f;
	char err[256];

	if (fig_check(t, err, sizeof err) != FIGURE_OK)
		return -1;
	fig_init(&f, t, o);
	cell_origin(&f, h, i, j, x, y);
	*side = f.cs;
	fig_free(&f);
	return 0;
}

int
figure_write(const char *path, const struct tensor *t, const struct figure_opts *o,
    char *err, size_t errlen)
{
	int fmt = format_of(path), rc;
	struct outfile s;
	struct fig f;

	if (fmt < 0) {
		const char *dot = strrchr(path, '.');

		if (dot == NULL || strchr(dot, '/') != NULL)
			snprintf(err, errlen, "%s: no figure format: the extension picks one, .svg, .png or .pdf", path);
		else
			snprintf(err, errlen, "%s: unknown figure format \"%s\": the extension picks one, .svg, .png or .pdf",
			    path, dot);
		return FIGURE_REFUSED;
	}
	if ((rc = fig_check(t, err, errlen)) != FIGURE_OK)
		return rc;
	fig_init(&f, t, o);
	if (fmt == FMT_PNG && f.W * f.Ht > PNG_MAX_PIXELS) {
		snprintf(err, errlen, "%s: %.0f x %.0f pixels is too big for a PNG; draw it as .svg or .pdf", path,
		    f.W, f.Ht);
		fig_free(&f);
		return FIGURE_REFUSED;
	}
	rc = outfile_open(&s, path, o->force, err, errlen);
	if (rc == OUTFILE_OK) {
		if (fmt == FMT_SVG)
			write_svg(&f, &s);
		else
			write_cairo(&f, &s, fmt);
		rc = outfile_commit(&s, o->force, err, errlen);
	}
	rc = rc == OUTFILE_OK ? FIGURE_OK : rc == OUTFILE_EXISTS ? FIGURE_REFUSED : FIGURE_IO;
	fig_free(&f);
	return rc;
}
