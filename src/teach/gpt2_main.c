/*
 * gpt2_main.c - main's entry into --model's mode: the options read
 * (gpt2_opts.c), the folder opened and run (gpt2_cells.c), then what the
 * options ask: the cells and heat map, or --print, --json, --check, --why,
 * --emit (gpt2_modes.c, gpt2_why.c, gpt2_emit.c), or -i (gpt2_repl.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../pipeline/pipeline.h"
#include "gpt2_cells.h"
#include "gpt2_mode.h"

/* what the options ask of the run */
static int
act(struct gctx *c, const struct gopts *g)
{
	struct cell_opts co;

	if (g->check != NULL)
		return gctx_check(stdout, c, g);
	if (g->nprints > 0)
		return gctx_prints(c, g);
	if (g->nwhys > 0)
		return gctx_whys(stdout, c, g);
	if (g->export >= 0)
		return gctx_export(c, g);
	if (g->emit >= 0) {
		gctx_emit(stdout, c, g);
		return G2_EXIT_OK;
	}
	if (g->json)
		return gctx_json(stdout, c, g);
	if (g->heatmap && g->output != NULL)
		return gctx_figure(g->output, c, g, g->head, g->numbers, g->force);
	settings_default(NULL, &co);
	co.color = 0;
	print_opts_default(&co.po);
	gctx_cells(cell_text_sink(stdout, &co), 1, c, g->head);
	if (g->heatmap)
		gctx_heat(stdout, c, g->head < 0 ? 0 : g->head);
	return G2_EXIT_OK;
}

int
gpt2_cells_main(int argc, char **argv, const struct gpt2_lines *lines)
{
	struct gopts g;
	struct gctx c;
	int rc;

	rc = gopts_parse(argc, argv, &g);
	json_input_drop(NULL);	/* texts gpt2_cells_wanted() read that the options did not take */
	if (rc != G2_EXIT_OK) {
		gopts_free(&g);
		return rc;
	}
	if ((rc = gctx_open(&c, &g)) != G2_EXIT_OK) {
		gopts_free(&g);
		return rc;
	}
	if (g.interactive)
		rc = gpt2_repl(&c, &g, lines);
	else if ((rc = gctx_run(&c, &g)) == G2_EXIT_OK)
		rc = act(&c, &g);
	gctx_free(&c);
	gopts_free(&g);
	return rc;
}
