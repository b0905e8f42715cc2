/*
 * model - a Hugging Face GPT-2 folder as the learner downloaded it: the
 * safetensors reader (safetensors.h), GPT-2's byte-level BPE (bpe.h) and the
 * weights' loader checked against config.json (gpt2.h), the forward pass
 * up to one layer's attention (gpt2_forward.h).  Uses util and kernels;
 * knows nothing of the pipeline's stages, the interpreter or the terminal.
 *
 * Parts, left to right:
 *   util < kernels < pipeline < model < py < teach < repl < main.c
 */
#ifndef MODEL_H
#define MODEL_H

#include "safetensors.h"
#include "bpe.h"
#include "gpt2.h"
#include "gpt2_forward.h"

#endif
