/* interrupt.c - the Ctrl-C flag (interrupt.h says who sets and who polls it). */
#include "interrupt.h"

volatile sig_atomic_t interrupt_pending;
