/*
 * kernels - tensor memory and arithmetic in PyTorch's float32 order
 * (tensor.h), PyTorch's CPU random generator (rng.h), and tensors printed
 * byte for byte as torch prints them (print.h); kern.h, internal, holds what
 * the kernel files share.  A kernel knows shapes and numbers, never
 * stages, inputs or the interpreter.  Uses util only.
 */
#ifndef KERNELS_H
#define KERNELS_H

#include "tensor.h"
#include "rng.h"
#include "print.h"

#endif
