/*
 * gpt2_cells.h - `attn-explain --model DIR`: a Hugging Face GPT-2 folder's
 * attention on the learner's text, stage by stage (gpt2_cells.c).
 */
#ifndef GPT2_CELLS_H
#define GPT2_CELLS_H

/* Does argv ask for this mode (--model anywhere)? */
int gpt2_cells_wanted(int argc, char **argv);
/* The whole mode: its options, the run, the cells; the exit status (0, 1 data, 2 usage). */
int gpt2_cells_main(int argc, char **argv);

#endif
