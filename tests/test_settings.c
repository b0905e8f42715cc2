/* test_settings.c - the settings table against the manual, and its rows' round trips. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/pipeline/settings.h"
#include "test.h"

/* The text of the list item that starts with the line `item`, up to the next .It or .El. */
static char *
item(const char *page, const char *start)
{
	const char *a = strstr(page, start), *b, *c;
	char *s;

	if (a == NULL)
		return NULL;
	b = strstr(a + 1, "\n.It ");
	c = strstr(a + 1, "\n.El");
	if (b == NULL || (c != NULL && c < b))
		b = c;
	if (b == NULL)
		b = a + strlen(a);
	s = malloc((size_t)(b - a) + 1);
	memcpy(s, a, (size_t)(b - a));
	s[b - a] = '\0';
	return s;
}

/* Every row is in the manual where its kind belongs: a file key, a set key, an option. */
static void
test_manual(void)
{
	char *page = test_slurp("man/attn-explain.1"), *po, *set, want[128];
	int i;

	CHECK(page != NULL, "man/attn-explain.1 unreadable");
	if (page == NULL)
		return;
	po = item(page, "\n.It Dq print_options");
	set = item(page, "\n.It Ic set ");
	CHECK(po != NULL && set != NULL, "the manual lacks the print_options or the set item");
	for (i = 0; i < settings_count && po != NULL && set != NULL; i++) {
		const struct setting *s = &settings[i];

		if (s->in_file && s->group == SETTING_RUN) {
			snprintf(want, sizeof want, "\n.It Dq %s\n", s->name);
			CHECK(strstr(page, want) != NULL, "file key %s: no \".It Dq %s\" in INPUT FORMAT", s->name, s->name);
		}
		if (s->in_file && s->group == SETTING_PRINT) {
			/* ".Dq precision\n(4)": the key and its default */
			if (s->type == SETTING_TRI)
				snprintf(want, sizeof want, "\n.Dq %s\n(null", s->name);
			else
				snprintf(want, sizeof want, "\n.Dq %s\n(%.0f", s->name, s->def);
			CHECK(strstr(po, want) != NULL, "print option %s: not in the print_options item with its default %.0f",
			    s->name, s->def);
		}
		if (s->in_repl) {
			snprintf(want, sizeof want, "\n.Cm %s", s->name);
			CHECK(strstr(set, want) != NULL, "set key %s: not in the COMMANDS set item", s->name);
		}
		if (s->option != NULL) {
			snprintf(want, sizeof want, "Fl Fl %s", s->option);
			CHECK(strstr(page, want) != NULL, "option --%s: not in the manual", s->option);
		}
		if (s->letter) {
			snprintf(want, sizeof want, "\n.It Fl %c , Fl Fl %s", s->letter, s->option);
			CHECK(strstr(page, want) != NULL, "option -%c, --%s: not in the option list", s->letter, s->option);
		}
	}
	free(po);
	free(set);
	free(page);
}

/* Text in, show out: each accepted value shows as the canonical word; refused ones change nothing. */
static void
test_round_trips(void)
{
	static const struct { const char *name, *in, *shown; } ok[] = {
		{ "heads", "4", "4" }, { "causal", "on", "true" }, { "causal", "False", "false" },
		{ "dropout", "0.1", "0.1" }, { "dropout", "1e-1", "0.1" }, { "dropout_seed", "none", "none" },
		{ "dropout_seed", "-1", "18446744073709551615" }, { "seed", "18446744073709551615", "18446744073709551615" },
		{ "scale", "0.35355339059327373", "0.35355339059327373" }, { "scale", "None", "none" },
		{ "init", "linear", "linear" }, { "head_layout", "stacked", "stacked" }, { "dropout_rng", "mkl", "mkl" },
		{ "precision", "50", "50" }, { "threshold", "inf", "inf" }, { "sci_mode", "none", "none" },
		{ "sci_mode", "True", "true" }, { "color", "always", "true" }, { "linewidth", "2147483647", "2147483647" },
	};
	static const struct { const char *name, *in, *err; } bad[] = {
		{ "heads", "0", "expected an integer from 1 to 1048576, got \"0\"" },
		{ "dropout", "1.0000001", "expected a number from 0 to 1, got \"1.0000001\"" },
		{ "dropout", "inf", "expected a number from 0 to 1, got \"inf\"" },
		{ "scale", "0", "expected a number > 0, or none, got \"0\"" },
		{ "init", "none ", "expected rand, randn, linear or none, got \"none \"" },
		{ "seed", "1.0", "expected an integer from -9223372036854775808 to 18446744073709551615, got \"1.0\"" },
		{ "threshold", "-1", "expected an integer >= 0 or inf, got \"-1\"" },
		{ "linewidth", "2147483648", "expected an integer >= 1, got \"2147483648\"" },
	};
	struct input in;
	struct cell_opts co;
	char buf[128], err[256];
	size_t i;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		const struct setting *s = setting_find(ok[i].name);

		settings_default(&in, &co);
		CHECK(s != NULL && setting_parse(s, ok[i].in, &in, &co, err, sizeof err) == 0,
		    "set %s %s refused", ok[i].name, ok[i].in);
		if (s == NULL)
			continue;
		setting_show(buf, sizeof buf, s, &in, &co);
		CHECK(strcmp(buf, ok[i].shown) == 0, "set %s %s shows %s, expected %s", ok[i].name, ok[i].in, buf, ok[i].shown);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const struct setting *s = setting_find(bad[i].name);
		char before[128];

		settings_default(&in, &co);
		if (s == NULL) {
			CHECK(0, "no setting %s", bad[i].name);
			continue;
		}
		setting_show(before, sizeof before, s, &in, &co);
		CHECK(setting_parse(s, bad[i].in, &in, &co, err, sizeof err) != 0, "set %s %s accepted", bad[i].name, bad[i].in);
		CHECK(strcmp(err, bad[i].err) == 0, "set %s %s: \"%s\", expected \"%s\"", bad[i].name, bad[i].in, err, bad[i].err);
		setting_show(buf, sizeof buf, s, &in, &co);
		CHECK(strcmp(buf, before) == 0, "a refused set %s changed it to %s", bad[i].name, buf);
	}
	/* the defaults are PyTorch's (torch.set_printoptions) and the contract's */
	settings_default(&in, &co);
	CHECK(in.po.precision == 4 && in.po.threshold == 1000 && in.po.edgeitems == 3 && in.po.linewidth == 80 &&
	    in.po.sci_mode == -1 && in.heads == 1 && in.seed == 0 && !in.causal && in.dropout == 0,
	    "defaults differ from PyTorch's and the contract's");
}

void
test_settings(void)
{
	test_manual();
	test_round_trips();
}
