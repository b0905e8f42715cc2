/*
 * pyerror.c - the exception type Python and PyTorch raise for each of the
 * interpreter's messages, read from the message's words (the messages are
 * theirs, their types are not carried with them): `--run` prints
 * "NameError: name 'x' is not defined" as Python's last traceback line does.
 */
#include <string.h>

#include "pyint.h"

static const struct {
	const char *words, *type;
	int at_start;		/* the words open the message, else anywhere in it */
} kinds[] = {
	{ "RecursionError: ", NULL, 1 },	/* already typed */
	{ "maximum recursion depth exceeded", "RecursionError", 1 },	/* in a repr, a comparison, a Sequential */
	{ "AssertionError", NULL, 1 },
	{ "KeyboardInterrupt", NULL, 1 },
	{ "StopIteration", NULL, 1 },
	{ "generator already executing", "ValueError", 1 },
	{ "positional argument follows", "SyntaxError", 1 },	/* the parser's, before "argument" */
	{ "iterable argument unpacking follows", "SyntaxError", 1 },
	{ "arguments cannot follow var-keyword", "SyntaxError", 1 },
	{ "* argument may appear only once", "SyntaxError", 1 },
	{ "named arguments must follow bare *", "SyntaxError", 1 },
	{ "dict unpacking cannot be used", "SyntaxError", 1 },
	{ "KeyError: ", NULL, 1 },
	{ "TypeError: ", NULL, 1 },
	{ "IndexError: ", NULL, 1 },
	{ "OverflowError: ", NULL, 1 },
	{ "can't multiply sequence", "TypeError", 1 },
	{ "ValueError: ", NULL, 1 },
	{ "MemoryError: ", NULL, 1 },
	{ "RuntimeError: ", NULL, 1 },
	{ "NotImplementedError: ", NULL, 1 },
	{ "ZeroDivisionError: ", NULL, 1 },
	{ "before Module.__init__() call", "AttributeError", 0 },
	{ "cannot assign '", "TypeError", 1 },
	{ "is not a Module subclass", "TypeError", 0 },
	{ "name should be a string", "TypeError", 0 },
	{ "should return None", "TypeError", 0 },
	{ "should be called with an iterable", "TypeError", 0 },
	{ "is out of range", "IndexError", 0 },	/* ModuleList[i] */
	{ "f-string", "SyntaxError", 1 },
	{ "cannot delete ", "SyntaxError", 1 },
	{ "multiple starred expressions", "SyntaxError", 1 },
	{ "starred assignment target must be", "SyntaxError", 1 },
	{ "iterable unpacking cannot be used", "SyntaxError", 1 },
	{ "can't use starred expression", "SyntaxError", 1 },
	{ "Generator expression must be parenthesized", "SyntaxError", 1 },
	{ "did you forget parentheses", "SyntaxError", 1 },
	{ "expected 'else' after", "SyntaxError", 1 },
	{ "unsupported format string", "TypeError", 1 },
	{ "Unknown format code", "ValueError", 1 },
	{ "einsum(): must specify the equation", "ValueError", 1 },
	{ "Precision not allowed", "ValueError", 1 },
	{ "Sign not allowed", "ValueError", 1 },
	{ "'=' alignment not allowed", "ValueError", 1 },
	{ "Invalid format specifier", "ValueError", 1 },
	{ "Format specifier missing precision", "ValueError", 1 },
	{ "unexpected indent", "IndentationError", 1 },
	{ "expected an indented block", "IndentationError", 1 },
	{ "unindent does not match", "IndentationError", 1 },
	{ "too many levels of indentation", "IndentationError", 1 },
	{ "einsum(): invalid subscript", "RuntimeError", 1 },	/* "subscripts must be in" */
	{ "expected Tensor as element", "TypeError", 1 },
	{ "name '", "NameError", 1 },
	{ "local variable '", "UnboundLocalError", 1 },
	{ "No module named", "ModuleNotFoundError", 1 },
	{ "cannot import name", "ImportError", 1 },
	{ "has no attribute", "AttributeError", 0 },
	{ "has no len()", "TypeError", 0 },
	{ "() takes no arguments (", "TypeError", 0 },	/* CPython's counts of a C method's arguments */
	{ "() takes at most ", "TypeError", 0 },
	{ "() takes at least ", "TypeError", 0 },
	{ "() takes exactly ", "TypeError", 0 },
	{ " expected 2 arguments, got ", "TypeError", 0 },	/* _PyArg_CheckPositional: divmod */
	{ "index out of range", "IndexError", 0 },
	{ "Dimension out of range", "IndexError", 1 },
	{ "is out of bounds for dimension", "IndexError", 0 },
	{ "division by zero", "ZeroDivisionError", 0 },
	{ "modulo by zero", "ZeroDivisionError", 0 },
	{ "too many values to unpack", "ValueError", 1 },
	{ "not enough values to unpack", "ValueError", 1 },
	{ "invalid literal for", "ValueError", 1 },
	{ "only one element tensors can be converted", "ValueError", 1 },	/* item(), float(), int(), torch.tensor([t]) */
	{ "dropout probability has to be", "ValueError", 1 },	/* nn.Dropout, F.dropout (functional.py's check) */
	{ "has no len()", "TypeError", 0 },
	{ "arg is an empty sequence", "ValueError", 0 },
	{ "range() arg 3 must not be zero", "ValueError", 1 },
	{ "unsupported operand type", "TypeError", 1 },
	{ "received an invalid combination of arguments", "TypeError", 0 },	/* PyTorch's argument parser */
	{ "object is not", "TypeError", 0 },
	{ "positional argument", "TypeError", 0 },
	{ "keyword argument", "TypeError", 0 },
	{ "multiple values for argument", "TypeError", 0 },
	{ "cannot be interpreted as an integer", "TypeError", 0 },
	{ "must be", "TypeError", 0 },
	{ "object does not support", "TypeError", 0 },
	{ "cannot unpack non-iterable", "TypeError", 1 },
	{ "expected at least", "TypeError", 0 },
	{ "expected at most", "TypeError", 0 },
	{ "doesn't define __round__", "TypeError", 0 },
	{ "not supported between instances", "TypeError", 0 },
	{ "argument", "TypeError", 1 },
	{ "outside loop", "SyntaxError", 0 },
	{ "outside function", "SyntaxError", 0 },
	{ "invalid syntax", "SyntaxError", 1 },
	{ "unmatched '", "SyntaxError", 1 },
	{ "was never closed", "SyntaxError", 0 },
	{ "unterminated", "SyntaxError", 1 },
	{ "expected ':'", "SyntaxError", 1 },
	{ "cannot assign to", "SyntaxError", 1 },
	{ "duplicate argument", "SyntaxError", 1 },
	{ "non-default argument", "SyntaxError", 1 },
	{ "not supported", "SyntaxError", 0 },	/* a construct outside the contract */
};

const char *
py_error_type(const char *msg)
{
	size_t i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		size_t n = strlen(kinds[i].words);

		if (kinds[i].at_start ? strncmp(msg, kinds[i].words, n) == 0 : strstr(msg, kinds[i].words) != NULL)
			return kinds[i].type;
	}
	return "RuntimeError";	/* PyTorch's own checks (TORCH_CHECK) */
}
