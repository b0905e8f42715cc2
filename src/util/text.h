/*
 * text.h - text helpers every part may use: a shape as text (the one
 * shape-to-text of the program: "(6, 2)", "(6,)", "torch.Size([6, 2])",
 * "6, 2" in messages, "(6)" in check mode).
 */
#ifndef TEXT_H
#define TEXT_H

#include <stddef.h>

/* open, the nd sizes joined by ", ", close, into buf (cut short at len); returns buf */
char *text_dims(char *buf, size_t len, int nd, const int *shape, const char *open, const char *close);

#endif
