/* [%clk] and [%eval] in PGN comments: read without floating point, so that writing them back is exact. */
#include "notation/pgn_comment.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Reads up to max digits at *s as a number; false if there is none. */
static bool digits(const char **s, const char *end, int max, int64_t *out)
{
	int n = 0;
	*out = 0;
	while (*s < end && **s >= '0' && **s <= '9' && n < max) {
		*out = *out * 10 + (**s - '0');
		(*s)++;
		n++;
	}
	return n > 0;
}

/* White space and the control characters, which a stored comment holds as spaces (so a command reads the same). */
static bool blank(char c) { return (unsigned char)c <= ' ' || c == 0x7f; }

static void skip_spaces(const char **s, const char *end)
{
	while (*s < end && blank(**s))
		(*s)++;
}

/* h:mm:ss with an optional fraction (tenths kept), the whole argument. */
static bool read_clock(const char *s, const char *end, int64_t *ms)
{
	int64_t h, m, sec, tenths = 0;
	skip_spaces(&s, end);
	if (!digits(&s, end, 4, &h) || s >= end || *s++ != ':' || !digits(&s, end, 2, &m) || m > 59 || s >= end ||
	    *s++ != ':' || !digits(&s, end, 2, &sec) || sec > 59)
		return false;
	if (s < end && *s == '.') {
		s++;
		if (s >= end || *s < '0' || *s > '9')
			return false;
		tenths = *s - '0';
		while (s < end && *s >= '0' && *s <= '9')
			s++;
	}
	skip_spaces(&s, end);
	*ms = ((h * 60 + m) * 60 + sec) * 1000 + tenths * 100;
	return s == end;
}

/* [+-]digits[.digits] in pawns, to centipawns rounded half away from zero. */
static bool read_pawns(const char **s, const char *end, int *cp)
{
	bool negative = *s < end && **s == '-';
	if (*s < end && (**s == '-' || **s == '+'))
		(*s)++;
	int64_t whole = 0, frac = 0;
	bool any = digits(s, end, 6, &whole);
	if (*s < end && **s == '.') {
		(*s)++;
		int n = 0;
		for (; *s < end && **s >= '0' && **s <= '9'; (*s)++, n++)
			if (n < 3)
				frac = frac * 10 + (**s - '0');
		any |= n > 0;
		for (; n < 3; n++)
			frac *= 10; /* thousandths of a pawn */
	}
	int64_t value = whole * 100 + (frac + 5) / 10;
	if (!any || value > GAME_EVAL_MAX_CP)
		return false;
	*cp = (int)(negative ? -value : value);
	return true;
}

/* #[+-]N or a number of pawns, then an optional ",depth", the whole argument. */
static bool read_eval(const char *s, const char *end, struct game_eval *e)
{
	int64_t n;
	*e = (struct game_eval){ 0 };
	skip_spaces(&s, end);
	if (s < end && *s == '#') {
		s++;
		bool negative = s < end && *s == '-';
		if (s < end && (*s == '-' || *s == '+'))
			s++;
		if (!digits(&s, end, 4, &n) || n > GAME_EVAL_MAX_MATE)
			return false;
		e->mate = true;
		e->value = (int)(negative ? -n : n);
	} else if (!read_pawns(&s, end, &e->value)) {
		return false;
	}
	if (s < end && *s == ',') {
		s++;
		if (!digits(&s, end, 4, &n))
			return false;
		e->depth = (int)n;
	}
	skip_spaces(&s, end);
	return s == end;
}

/* One [%name arg] at text (which starts with "[%"); its length, or 0 when it is not one we take. */
static size_t take_command(const char *text, const char *end, struct pgn_commands *out)
{
	const char *close = memchr(text, ']', (size_t)(end - text));
	if (!close)
		return 0;
	const char *name = text + 2, *arg = name;
	while (arg < close && !blank(*arg))
		arg++;
	size_t n = (size_t)(arg - name);
	if (n == 3 && !memcmp(name, "clk", 3) && !out->has_clock && read_clock(arg, close, &out->clock_ms))
		out->has_clock = true;
	else if (n == 4 && !memcmp(name, "eval", 4) && !out->has_eval && read_eval(arg, close, &out->eval))
		out->has_eval = true;
	else
		return 0;
	return (size_t)(close + 1 - text);
}

void pgn_commands_take(const char *text, size_t len, struct pgn_commands *out, char *rest)
{
	const char *s = text, *end = text + len;
	*out = (struct pgn_commands){ 0 };
	size_t r = 0;
	while (s < end) {
		size_t taken = end - s >= 2 && s[0] == '[' && s[1] == '%' ? take_command(s, end, out) : 0;
		if (taken) {
			s += taken;
			rest[r++] = ' ';
		} else {
			rest[r++] = *s++;
		}
	}
	rest[r] = '\0';
}

void pgn_clock_command(int64_t ms, char *buf, size_t len)
{
	int64_t tenths = ms > 0 ? ms / 100 : 0, s = tenths / 10;
	if (tenths % 10)
		snprintf(buf, len, "[%%clk %" PRId64 ":%02d:%02d.%d]", s / 3600, (int)(s / 60 % 60), (int)(s % 60),
		         (int)(tenths % 10));
	else
		snprintf(buf, len, "[%%clk %" PRId64 ":%02d:%02d]", s / 3600, (int)(s / 60 % 60), (int)(s % 60));
}

void pgn_eval_command(const struct game_eval *e, char *buf, size_t len)
{
	char depth[16] = "";
	if (e->depth > 0)
		snprintf(depth, sizeof depth, ",%d", e->depth);
	int v = e->value < 0 ? -e->value : e->value;
	if (e->mate)
		snprintf(buf, len, "[%%eval #%s%d%s]", e->value < 0 ? "-" : "", v, depth);
	else
		snprintf(buf, len, "[%%eval %s%d.%02d%s]", e->value < 0 ? "-" : e->value > 0 ? "+" : "", v / 100, v % 100,
		         depth);
}
