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
LDLIBS = -lcjson -ledit -lm -lpthread
VECFLAGS = -O3

OBJ = src/diag.o src/tensor.o src/print.o src/rng.o src/input.o src/settings.o src/json.o \
      src/stage.o src/code.o src/emit.o src/expr.o src/cell.o src/explain.o src/heatmap.o \
      src/repl.o src/repl_step.o src/repl_inspect.o src/repl_settings.o src/line.o src/readprint.o src/why.o src/check.o \
      src/pylex.o src/pyparse.o src/pyval.o src/pyops.o src/pyview.o src/pylib.o src/pyeval.o
TOBJ = tests/unit.o tests/test_tensor.o tests/test_print.o tests/test_rng.o tests/test_expr.o tests/test_stage.o \
       tests/test_settings.o tests/test_json.o tests/test_readprint.o tests/test_why.o tests/test_check.o \
       tests/test_reduce.o tests/test_py.o

all: attn-explain

.c.o:
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# the RNG emulates PyTorch's kernels operation by operation: no contraction into FMAs
src/rng.o: src/rng.c src/rng.h
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -c -o $@ src/rng.c
# tensor.c is built with -O3 too: GCC -O2 leaves its branch-free loops (exp,
# softmax) scalar.  Vectorised, they are lane-wise IEEE operations, the same
# bits; sums are never reassociated (no -ffast-math)
src/tensor.o: src/tensor.c src/tensor.h src/diag.h
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off $(VECFLAGS) -c -o $@ src/tensor.c
tests/test_tensor.o: tests/test_tensor.c
	$(CC) $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -c -o $@ tests/test_tensor.c

attn-explain: src/main.o $(OBJ)
	$(CC) $(LDFLAGS) -o $@ src/main.o $(OBJ) $(LDLIBS)

tests/unit: $(TOBJ) $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $(TOBJ) $(OBJ) $(LDLIBS)

tests/pyrun: tests/pyrun.o $(OBJ)
	$(CC) $(LDFLAGS) -o $@ tests/pyrun.o $(OBJ) $(LDLIBS)

deps:
	@sh tests/deps.sh

# optional: PyTorch and Jupyter's runner, so that make check also runs the emitted scripts and notebooks
deps-torch:
	apt-get install -y python3-torch python3-nbclient python3-nbformat python3-ipykernel

check: deps
	@$(MAKE) attn-explain tests/unit tests/pyrun
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
	rm -f attn-explain tests/unit tests/pyrun src/*.o tests/*.o

# header dependencies: every object on every header (one list to keep, a full
# rebuild is a few seconds)
HDR = src/check.h src/readprint.h src/emit.h src/cell.h src/diag.h src/explain.h src/expr.h src/heatmap.h src/input.h src/json.h src/line.h src/print.h src/repl.h src/repl_cmds.h src/rng.h src/settings.h src/stage.h src/tensor.h src/why.h src/py.h src/pyint.h
src/main.o $(OBJ) $(TOBJ) tests/pyrun.o: $(HDR) tests/test.h

.PHONY: all check demo deps deps-torch bench fuzz install uninstall clean
