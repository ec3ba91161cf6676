/* The trainer's filters: a record is left out for the first reason that holds, and counted under it. */
#include "tools/network/nnue_filter.h"

#include <stdio.h>
#include <stdlib.h>

bool nt_filter_keep(const struct nt_filter *f, const struct position *pos, const struct packed_labels *labels,
                    struct nt_filter_counts *c)
{
	if (f->skip_check && in_check(pos)) {
		c->in_check++;
		return false;
	}
	if (f->max_score && abs(labels->score) > f->max_score) {
		c->beyond++;
		return false;
	}
	return true;
}

void nt_filter_summary(const struct nt_filter *f, const struct nt_filter_counts *c, char *buf, size_t len)
{
	char check[64] = "", score[96] = "";
	if (f->skip_check)
		snprintf(check, sizeof check, " %lld in check (--skip-check)%s", c->in_check, f->max_score ? "," : "");
	if (f->max_score)
		snprintf(score, sizeof score, " %lld with |score| beyond %d (--max-score)", c->beyond, f->max_score);
	snprintf(buf, len, "%s%s%s", f->skip_check || f->max_score ? "; left out:" : "", check, score);
}
