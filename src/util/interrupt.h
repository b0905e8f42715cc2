/*
 * interrupt.h - the one flag a Ctrl-C sets: the REPL's SIGINT handler sets
 * interrupt_pending; long work (the stage loop, the kernels, the random
 * draws, the printer, the interpreter) polls it and stops early.  The REPL
 * clears it before each line and drops what was being made.  Outside the
 * REPL nothing sets it.
 */
#ifndef INTERRUPT_H
#define INTERRUPT_H

#include <signal.h>

extern volatile sig_atomic_t interrupt_pending;

#endif
