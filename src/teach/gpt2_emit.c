/*
 * gpt2_emit.c - --model's --emit python|ipynb: a script (or notebook)
 * that reads the same model.safetensors with json + torch.frombuffer (no
 * other package), runs the lines the cells show, and prints what
 * `attn-explain --model DIR ... --layer L [--head H]` prints, byte for byte
 * on PyTorch 1.13 with the reference BLAS.  Only the tensors of wte, wpe
 * and blocks 0 .. L are read from the file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "gpt2_mode.h"
#include "emit.h"

struct emit_arg {
	const struct gctx *c;
	int head;
};

static void
cells(struct cell_sink *k, void *arg)
{
	const struct emit_arg *a = arg;

	gctx_cells(k, 0, a->c, a->head);
}

/* the lines before the cells: the state dict sd, and block() for the layers before L */
static char *
preamble(const struct gctx *c, const struct gopts *g)
{
	struct sbuf b = { 0 };
	char *path = xmalloc(strlen(g->dir) + 32);

	sprintf(path, "%s/model.safetensors", g->dir);
	sbuf_add(&b, "# The cells of attn-explain --model (written by attn-explain --emit python): GPT-2's\n"
	    "# attention at layer ");
	sbuf_addf(&b, "%d on the tokens below, recomputed in PyTorch from the model's own file.\n", c->r.layer);
	sbuf_add(&b, "# With PyTorch 1.13 on the CPU and the reference BLAS it prints, byte for byte,\n"
	    "# what attn-explain prints for the same model, tokens, layer and head.\n");
	if (g->text != NULL) {
		sbuf_add(&b, "# text: ");
		sbuf_quote(&b, g->text, 0);
		sbuf_addc(&b, '\n');
	}
	sbuf_add(&b, "import json\nimport math\nimport struct\n\nimport torch\nimport torch.nn.functional as F\n\n");
	sbuf_add(&b, "MODEL = ");
	sbuf_quote(&b, path, 0);
	sbuf_addf(&b, "\nLAYER = %d\nEPS = %.17g\n", c->r.layer, c->m.cfg.layer_norm_epsilon);
	sbuf_add(&b,
	    "DTYPES = {\"F32\": torch.float32, \"F16\": torch.float16, \"BF16\": torch.bfloat16}\n"
	    "\n"
	    "\n"
	    "def wanted(name):\n"
	    "    \"\"\"wte, wpe and the blocks up to LAYER; not the mask buffers attn.bias, attn.masked_bias\"\"\"\n"
	    "    parts = name.split(\".\")\n"
	    "    if name.endswith((\".attn.bias\", \".attn.masked_bias\")):\n"
	    "        return False\n"
	    "    return parts[0] in (\"wte\", \"wpe\") or (parts[0] == \"h\" and int(parts[1]) <= LAYER)\n"
	    "\n"
	    "\n"
	    "sd = {}\n"
	    "with open(MODEL, \"rb\") as f:\n"
	    "    n = struct.unpack(\"<Q\", f.read(8))[0]\n"
	    "    header = json.loads(f.read(n))\n"
	    "    for name, v in header.items():\n"
	    "        short = name[len(\"transformer.\"):] if name.startswith(\"transformer.\") else name\n"
	    "        if name == \"__metadata__\" or not wanted(short):\n"
	    "            continue\n"
	    "        begin, end = v[\"data_offsets\"]\n"
	    "        f.seek(8 + n + begin)\n"
	    "        raw = bytearray(f.read(end - begin))\n"
	    "        sd[short] = torch.frombuffer(raw, dtype=DTYPES[v[\"dtype\"]]).reshape(v[\"shape\"]).float()\n"
	    "\n"
	    "\n"
	    "def conv1d(name, x):\n"
	    "    \"\"\"Hugging Face's Conv1D: x @ W + b as torch.addmm, W stored (in, out)\"\"\"\n"
	    "    w = sd[name + \".weight\"]\n"
	    "    return torch.addmm(sd[name + \".bias\"], x.view(-1, x.size(-1)), w).view(x.size()[:-1] + (w.size(-1),))\n"
	    "\n"
	    "\n"
	    "def block(l, x):\n"
	    "    \"\"\"one GPT-2 block: ln_1, causal attention, +, ln_2, MLP with gelu_new (tanh), +\"\"\"\n"
	    "    C, T, H = x.size(-1), x.size(1), ");
	sbuf_addf(&b, "%d\n", c->m.cfg.n_head);
	sbuf_add(&b,
	    "    p = \"h.%d.\" % l\n"
	    "    h = F.layer_norm(x, (C,), sd[p + \"ln_1.weight\"], sd[p + \"ln_1.bias\"], EPS)\n"
	    "    q, k, v = conv1d(p + \"attn.c_attn\", h).split(C, dim=2)\n"
	    "    q, k, v = (t.view(1, T, H, C // H).transpose(1, 2) for t in (q, k, v))\n"
	    "    s = (q @ k.transpose(2, 3)) / (C // H) ** 0.5\n"
	    "    s = s.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1), -torch.inf)\n"
	    "    a = (torch.softmax(s, dim=-1) @ v).transpose(1, 2).contiguous().view(1, T, C)\n"
	    "    x = conv1d(p + \"attn.c_proj\", a) + x\n"
	    "    h = F.layer_norm(x, (C,), sd[p + \"ln_2.weight\"], sd[p + \"ln_2.bias\"], EPS)\n"
	    "    h = conv1d(p + \"mlp.c_fc\", h)\n"
	    "    h = 0.5 * h * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (h + 0.044715 * torch.pow(h, 3.0))))\n"
	    "    return x + conv1d(p + \"mlp.c_proj\", h)\n"
	    "\n"
	    "\n"
	    "torch.set_grad_enabled(False)\n");
	free(path);
	return sbuf_take(&b);
}

void
gctx_emit(FILE *fp, const struct gctx *c, const struct gopts *g)
{
	struct emit_arg a = { c, g->head };
	struct print_opts po;
	char *pre = preamble(c, g);

	print_opts_default(&po);
	emit_cells(fp, g->emit, pre, cells, &a, &po);
	free(pre);
}
