# attn-explain - POSIX make.  `make demo` and `make check` are all a newcomer needs.
.POSIX:
.SUFFIXES:
.SUFFIXES: .c .o

PREFIX = /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man
CC     = cc
CFLAGS = -O2 -g
STD    = -std=c99 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN   = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla
# pango for the figures' text (src/teach/figure.c): its headers by pkg-config, run by the shell (backquotes:
# POSIX make has no $(shell)); the library is dlopen()ed when a figure is drawn, not linked
PANGO_CFLAGS = `pkg-config --cflags pangocairo`
LDLIBS = -lcjson -ledit -lpcre2-8 -lcairo -lfontconfig -lm -lpthread -ldl
VECFLAGS = -O3

# the parts, left to right: a part uses only the parts before it (tests/layers.sh)
UTIL     = src/util/diag.o src/util/interrupt.o src/util/text.o src/util/outfile.o src/util/readfile.o src/util/floatfmt.o
KERNELS  = src/kernels/threads.o src/kernels/memory.o src/kernels/matmul.o src/kernels/softmax.o \
           src/kernels/reduce.o src/kernels/elementwise.o src/kernels/rng.o src/kernels/print.o \
           src/kernels/norm.o src/kernels/softmax64.o src/kernels/pow64.o src/kernels/gelu.o src/kernels/logsoftmax.o src/kernels/split.o
PIPELINE = src/pipeline/input.o src/pipeline/settings.o src/pipeline/json.o src/pipeline/json_scan.o src/pipeline/infile.o src/pipeline/stage.o \
           src/pipeline/code.o src/pipeline/export.o
MODEL    = src/model/safetensors.o src/model/bpe.o src/model/gpt2.o src/model/gpt2_forward.o
PY       = src/py/pylex.o src/py/pyindent.o src/py/pyparse.o src/py/pyblock.o src/py/pystmt.o src/py/pyframe.o \
           src/py/pyerror.o src/py/pyval.o src/py/pysession.o src/py/pytensor.o src/py/pyops.o \
           src/py/pymatmul.o src/py/pydata.o src/py/pyview.o src/py/pylib.o src/py/lib_reg.o \
           src/py/lib_args.o src/py/lib_bind.o src/py/lib_tensor.o src/py/lib_torch.o src/py/lib_python.o src/py/lib_iter.o src/py/lib_nn.o src/py/pyclass.o \
           src/py/lib_fmt.o src/py/lib_misc.o src/py/lib_einsum.o src/py/lib_str.o src/py/lib_list.o src/py/lib_sort.o src/py/lib_dict.o src/py/lib_strfmt.o \
           src/py/lib_norm.o src/py/lib_split.o src/py/lib_fill.o src/py/lib_layers.o src/py/lib_bigram.o src/py/lib_set.o src/py/lib_builtins.o src/py/pyf64.o \
           src/py/pycomp.o src/py/pyfstr.o \
           src/py/pyeval.o src/py/pyarith.o src/py/pyindex.o src/py/pynames.o src/py/expr.o
TEACH    = src/teach/cell.o src/teach/explain.o src/teach/heatmap.o src/teach/why.o src/teach/readprint.o \
           src/teach/readnum.o src/teach/readlabel.o src/teach/readipynb.o \
           src/teach/mistake.o src/teach/derived.o src/teach/check.o src/teach/emit.o src/teach/figure.o src/teach/gpt2_cells.o \
           src/teach/gpt2_opts.o src/teach/gpt2_modes.o src/teach/gpt2_why.o src/teach/gpt2_figure.o src/teach/gpt2_mistake.o src/teach/gpt2_emit.o src/teach/gpt2_repl.o src/teach/gpt2_main.o \
           src/teach/notebook.o src/teach/trace.o
REPL     = src/repl/repl.o src/repl/repl_out.o src/repl/repl_step.o src/repl/repl_inspect.o src/repl/repl_settings.o src/repl/repl_vars.o src/repl/repl_common.o src/repl/line.o
OBJ = $(UTIL) $(KERNELS) $(PIPELINE) $(MODEL) $(PY) $(TEACH) $(REPL)
TOBJ = tests/unit.o tests/test.o tests/test_tensor.o tests/test_print.o tests/test_rng.o tests/test_expr.o tests/test_stage.o \
       tests/test_settings.o tests/test_json.o tests/test_readprint.o tests/test_why.o tests/test_check.o \
       tests/test_reduce.o tests/test_py.o

all: attn-explain

.c.o:
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# the RNG emulates PyTorch's kernels operation by operation: no contraction into FMAs
src/kernels/rng.o: src/kernels/rng.c src/kernels/rng.h
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -c -o $@ src/kernels/rng.c
# the tensor kernels are built with -O3 too: GCC -O2 leaves their branch-free
# loops (exp, softmax) scalar.  Vectorised, they are lane-wise IEEE
# operations, the same bits; sums are never reassociated (no -ffast-math)
src/kernels/threads.o: src/kernels/threads.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off $(VECFLAGS) -c -o $@ src/kernels/threads.c
src/kernels/memory.o: src/kernels/memory.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off $(VECFLAGS) -c -o $@ src/kernels/memory.c
src/kernels/matmul.o: src/kernels/matmul.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off $(VECFLAGS) -c -o $@ src/kernels/matmul.c
src/kernels/softmax.o: src/kernels/softmax.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off $(VECFLAGS) -c -o $@ src/kernels/softmax.c
src/kernels/softmax64.o: src/kernels/softmax64.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -c -o $@ src/kernels/softmax64.c
src/kernels/pow64.o: src/kernels/pow64.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -c -o $@ src/kernels/pow64.c
src/kernels/split.o: src/kernels/split.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -c -o $@ src/kernels/split.c
src/kernels/reduce.o: src/kernels/reduce.c src/kernels/reduce_cols.h
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off $(VECFLAGS) -c -o $@ src/kernels/reduce.c
src/kernels/elementwise.o: src/kernels/elementwise.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off $(VECFLAGS) -c -o $@ src/kernels/elementwise.c
src/kernels/gelu.o: src/kernels/gelu.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -c -o $@ src/kernels/gelu.c
src/kernels/norm.o: src/kernels/norm.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off $(VECFLAGS) -c -o $@ src/kernels/norm.c
src/teach/figure.o: src/teach/figure.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(PANGO_CFLAGS) $(CFLAGS) -c -o $@ src/teach/figure.c
tests/test_tensor.o: tests/test_tensor.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -c -o $@ tests/test_tensor.c

attn-explain: src/main.o $(OBJ)
	$(CC) $(LDFLAGS) -o $@ src/main.o $(OBJ) $(LDLIBS)

tests/unit: $(TOBJ) $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $(TOBJ) $(OBJ) $(LDLIBS)

tests/pyrun: tests/pyrun.o $(OBJ)
	$(CC) $(LDFLAGS) -o $@ tests/pyrun.o $(OBJ) $(LDLIBS)

tests/modelrun: tests/modelrun.o tests/test_forward.o tests/test.o $(UTIL) $(KERNELS) $(MODEL)
	$(CC) $(LDFLAGS) -o $@ tests/modelrun.o tests/test_forward.o tests/test.o $(UTIL) $(KERNELS) $(MODEL) $(LDLIBS)
# issue 25's modules (figures, binary export, fast numbers): their own test driver
LOBJ = tests/lessons.o tests/test.o tests/test_figure.o tests/test_export.o tests/test_floatfmt.o
tests/lessons: $(LOBJ) $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $(LOBJ) $(OBJ) $(LDLIBS)

deps:
	@sh tests/deps.sh

# optional: PyTorch and Jupyter's runner, so that make check also runs the emitted scripts and notebooks
deps-torch:
	apt-get install -y python3-torch python3-nbclient python3-nbformat python3-ipykernel

check: deps
	@$(MAKE) attn-explain tests/unit tests/pyrun tests/modelrun tests/lessons
	@sh tests/run.sh

demo: deps
	@$(MAKE) attn-explain
	./attn-explain data/your-journey.json

bench: attn-explain tests/pyrun
	@sh tests/bench.sh

fuzz:
	@sh tests/fuzz/run.sh

install: attn-explain
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	cp attn-explain $(DESTDIR)$(BINDIR)/attn-explain
	cp man/attn-explain.1 $(DESTDIR)$(MANDIR)/man1/attn-explain.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/attn-explain $(DESTDIR)$(MANDIR)/man1/attn-explain.1

clean:
	rm -f attn-explain tests/unit tests/pyrun tests/modelrun tests/lessons src/*.o src/*/*.o tests/*.o

# header dependencies: every object on every header (one list to keep, a full
# rebuild is a few seconds)
HDR = src/util/util.h src/util/diag.h src/util/interrupt.h src/util/text.h src/util/outfile.h src/util/readfile.h src/util/floatfmt.h \
      src/kernels/kernels.h src/kernels/kern.h src/kernels/tensor.h src/kernels/rng.h src/kernels/print.h \
      src/pipeline/pipeline.h src/pipeline/input.h src/pipeline/settings.h src/pipeline/json.h src/pipeline/json_scan.h src/pipeline/stage.h src/pipeline/export.h \
      src/model/model.h src/model/safetensors.h src/model/bpe.h src/model/gpt2.h src/model/gpt2_forward.h \
      src/py/py.h src/py/pyint.h src/py/pyparse.h src/py/lib.h src/py/expr.h \
      src/teach/teach.h src/teach/cell.h src/teach/explain.h src/teach/heatmap.h src/teach/why.h \
      src/teach/readprint.h src/teach/readnum.h src/teach/readlabel.h src/teach/readipynb.h src/teach/mistake.h src/teach/derived.h src/teach/check.h src/teach/emit.h src/teach/figure.h src/teach/gpt2_cells.h src/teach/gpt2_mode.h src/teach/notebook.h src/teach/trace.h \
      src/repl/repl.h src/repl/repl_cmds.h src/repl/repl_common.h src/repl/line.h
src/main.o $(OBJ) $(TOBJ) $(LOBJ) tests/pyrun.o tests/modelrun.o: $(HDR) tests/test.h

.PHONY: all check demo deps deps-torch bench fuzz install uninstall clean
