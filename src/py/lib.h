/*
 * lib.h - the insides of the library, shared by its files: lib_bind.c (the
 * binding of arguments to a row's parameters), lib_args.c (the checks of
 * one argument each entry shares), and the rows themselves.  A row (struct
 * builtin, pyint.h) names its own C function, its parameters as PyTorch's
 * signature spells them and its flags (LIB_SELF_FIRST, LIB_F64, LIB_VF); it does
 * not name its namespace.  Each torch file (lib_tensor.c, lib_torch.c, ...)
 * exports one table beside its static functions, its rows grouped under
 * LIB_NS("torch") heads and ended by LIB_END, as Lua's luaL_Reg lists;
 * Python's side is one table, lib_builtins.c, as CPython's bltinmodule.c,
 * whose functions the files of the types they work on export (lib_fn
 * lines below).  lib_reg.c, the one registry, lists the tables in the
 * order completion shows their names, and pylib.c calls a row.
 */
#ifndef LIB_H
#define LIB_H

#include "pyint.h"

#define LIB_MAXARGS 8

/* each file's table (pyint.h: LIB_NS heads, LIB_END), listed by lib_reg.c in completion order */
extern const struct builtin lib_tensor_rows[];	/* a tensor's methods and their torch.f mirrors (lib_tensor.c) */
extern const struct builtin lib_torch_rows[];	/* torch., F. and nn. functions and modules (lib_torch.c) */
extern const struct builtin lib_builtins_rows[];	/* Python's builtins, math., list., dict., str. (lib_builtins.c) */
extern const struct builtin lib_nn_rows[];	/* nn.Module, nn.ModuleList, nn.Sequential, super, Module's methods (lib_nn.c) */
extern const struct builtin lib_misc_rows[];	/* isinstance, type, torch.where, expand, ... (lib_misc.c) */
extern const struct builtin lib_einsum_rows[];	/* torch.einsum (lib_einsum.c) */
extern const struct builtin lib_norm_rows[];	/* norm, torch.norm, torch.linalg's norms (lib_norm.c) */
extern const struct builtin lib_split_rows[];	/* split, chunk, unbind: a tuple of views (lib_split.c) */
extern const struct builtin lib_fill_rows[];	/* full, full_like, eye, new_*, fill_, zero_ (lib_fill.c) */
extern const struct builtin lib_layers_rows[];	/* relu, gelu, layer_norm and nn.ReLU, nn.GELU, nn.LayerNorm (lib_layers.c) */
extern const struct builtin lib_bigram_rows[];	/* randint, multinomial, log_softmax, cross_entropy, nn.Embedding (lib_bigram.c) */

/* the C functions of lib_builtins.c's rows, each in the file of what it works on */
lib_fn math_fn, builtin_print, builtin_len, builtin_float, builtin_int, builtin_bool, builtin_abs,
    builtin_divmod, object_init;	/* lib_python.c */
lib_fn builtin_range, builtin_enumerate, builtin_zip, builtin_seq, builtin_sum, builtin_max, builtin_round,
    builtin_any, builtin_next;	/* lib_iter.c */
lib_fn builtin_format, builtin_str;	/* lib_fmt.c */
lib_fn builtin_sorted, builtin_reversed, list_sort;	/* lib_sort.c */
lib_fn list_grow, list_pop, list_find, list_whole;	/* lib_list.c */
lib_fn builtin_dict, dict_view, dict_lookup, dict_update, dict_whole;	/* lib_dict.c */
lib_fn builtin_set;	/* lib_set.c */
lib_fn str_split, str_join, str_strip, str_case, str_replace, str_search, str_affix, str_just, str_zfill,
    str_is;	/* lib_str.c */

/* an index argument: an int or bool, else "TypeError: 'float' object cannot be interpreted as an integer" (lib_str.c) */
int lib_need_index(struct py_session *s, const struct pyobj *o, long long *v);

/*
 * Binds args and keywords to b's parameters into a[] (NULL: not given), as
 * the function's own binder does, with its message when they do not bind
 * (lib_bind.c); a "*name" parameter takes the other positional ones as a
 * tuple, returned in *rest for the caller to release.  -1 after an error.
 *
 * A row's parameter text: [[STYLE [NAME]]] OVERLOAD [| OVERLOAD ...]
 *   STYLE  "def" (a Python function: Python's messages) or "builtin" (a C
 *          builtin of Python's: "takes no keyword arguments"), or a builtin
 *          with CPython's count checks of its calling convention, made first:
 *          "noargs", "meth_o", "checkpos" (_PyArg_CheckPositional), "tuple"
 *          (PyArg_ParseTuple), "clinic" (keywords allowed; _PyArg_UnpackKeywords)
 *          (lib_bind.c's cconv_check); without it a
 *          Tensor, torch. or F. row is PyTorch's argument parser, a "" or
 *          math. row a builtin, any other a def.  NAME: the name messages
 *          give (default: the row's; "Linear.__init__" for nn., "math.sqrt").
 *   OVERLOAD  Python's parameter list: name, name=default, *name (the
 *          parser's IntArrayRef: required, and given by keyword as one
 *          sequence; a def's or builtin's *args: optional), "*" (keyword-only
 *          after it), "/" (positional-only before it; "/" alone: a method
 *          that takes nothing, "_TensorBase.t() takes no keyword arguments"),
 *          ~name (PyTorch has it, attn-explain does not: given, and not
 *          None, it is an error).  A torch.f(x, ...) row (LIB_SELF_FIRST) has
 *          "input" first in each overload, unwritten.  Several overloads
 *          bind the first that takes the arguments by name; when none
 *          does, PyTorch's print_error: the one whose count of arguments
 *          fits says why, else "received an invalid combination of arguments".
 *   a[] holds the parameters of every overload in the order they first appear.
 */
int lib_bind(struct py_session *s, const struct builtin *b, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw, struct pyobj **a, struct pyobj **rest);

/* 0 when b's parameter text binds as lib_bind reads it (a LIB_SELF_FIRST row
 * names no "input"; no parameter twice), else -1 and why (lib_bind.c) */
int lib_row_check(const struct builtin *b, char *why, size_t n);
/* the row after b (NULL: the first) of every table in turn; NULL after the last (lib_reg.c) */
const struct builtin *lib_rows_next(const struct builtin *b);

/* one argument each; they fail with PyTorch's message, naming b */
struct pyobj *lib_need_tensor(struct py_session *s, const struct builtin *b, struct pyobj *o, const char *arg,
    int pos);
int lib_flag(struct py_session *s, const struct builtin *b, struct pyobj *o, const char *arg, int dflt, int *out);
int lib_dims(struct py_session *s, const struct builtin *b, struct pyobj *o, int ndim, unsigned *dims, int *has);
int lib_dtype(struct py_session *s, const struct builtin *b, struct pyobj *o, int *dt);	/* -1: None */
/* t with requires_grad=rg applied (t released on error); NULL passes through */
struct pyobj *lib_with_grad(struct pyobj *t, struct py_session *s, const struct builtin *b, struct pyobj *rg);
/* the generator a draw takes: generator=g's own, else (NULL, None) the session's; NULL after the error */
struct rng *lib_rng(struct py_session *s, const struct builtin *b, struct pyobj *g);
/* a seed as the int initial_seed() returns; past 2^63 - 1 (manual_seed(-1)) the one-line refusal */
struct pyobj *lib_seed_int(struct py_session *s, uint64_t seed);
/* a dropout probability p (the object given, for its repr) outside [0, 1]: PyTorch's message */
int lib_check_p(struct py_session *s, const struct pyobj *given, double p);
/* torch.maximum (is_min: minimum) of two tensors, NaN propagated: max(other=) (lib_misc.c) */
struct pyobj *lib_maximum(struct py_session *s, struct pyobj *x, struct pyobj *other, int is_min);
/* every element of t's storage set to v (0 or 1 for a bool) */
void lib_fill(struct pyobj *t, double v);

#endif
