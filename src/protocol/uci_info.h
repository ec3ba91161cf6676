/*
 * Reading another engine's `info` lines (UCI): the numbers and the principal
 * variation into a struct engine_info, the same shape our own engine reports,
 * so that the front end draws either alike.  Defensive: the text comes from a
 * program we do not control.  Numbers are checked and bounded, PV moves must
 * be legal in turn from the root, and anything that does not fit is reported
 * as garbled rather than guessed at.
 */
#ifndef OUTPOST_UCI_INFO_H
#define OUTPOST_UCI_INFO_H

#include "engine/engine.h"

#define UCI_INFO_LINE_MAX 8192 /* a longer line is cut here by the reader (and so garbled) */

enum uci_info_kind {
	UCI_INFO_LINE,    /* a line of analysis: a score, and usually depth and PV: *out is filled */
	UCI_INFO_OTHER,   /* well formed but nothing to show: a string, currmove, a bare node count */
	UCI_INFO_GARBLED  /* not UCI: a number that is not one, a score without a value, an illegal first PV move */
};

/*
 * Reads one line (without its newline; "info" first) given the position the
 * search started from.  On UCI_INFO_LINE, *out holds depth, seldepth,
 * multipv (1 when absent), the score (side to move's view, as UCI gives it)
 * and its bound, nodes, nps, time, hashfull and the PV up to its first move
 * that is not legal.  Unknown words are skipped, as UCI asks.
 */
enum uci_info_kind uci_info_parse(const char *line, const struct position *root, struct engine_info *out);

#endif
