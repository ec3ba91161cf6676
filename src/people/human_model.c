/* The human move model: its file, its weights at a rating, and the move it chooses. */
#include "people/human_model.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HUMAN_MODEL_MAGIC "outpost-human-model 1"
#define HUMAN_MODEL_FILE_MAX (1u << 20)

static const char *const feature_names[HUMAN_FEATURES] = {
	[HF_LOSS_Q] = "loss_q",         [HF_LOSS_D1] = "loss_d1",       [HF_PAWNS_Q] = "pawns_q",
	[HF_PAWNS_D1] = "pawns_d1",     [HF_BEST_Q] = "best_q",         [HF_BEST_D1] = "best_d1",
	[HF_SEARCH_BEST] = "search_best", [HF_CAPTURE] = "capture",     [HF_VICTIM] = "victim",
	[HF_RECAPTURE] = "recapture",   [HF_CHECK] = "check",           [HF_PROMOTION] = "promotion",
	[HF_CASTLING] = "castling",     [HF_PAWN] = "pawn",             [HF_KNIGHT] = "knight",
	[HF_BISHOP] = "bishop",         [HF_ROOK] = "rook",             [HF_QUEEN] = "queen",
	[HF_KING] = "king",             [HF_ESCAPE] = "escape",         [HF_TO_ATTACKED] = "to_attacked",
	[HF_PAWN_RANK] = "pawn_rank",   [HF_DEVELOP] = "develop",       [HF_EARLY_QUEEN] = "early_queen",
	[HF_KING_WALK] = "king_walk",   [HF_RETREAT] = "retreat",       [HF_DISTANCE] = "distance",
	[HF_SAME_PIECE] = "same_piece", [HF_NEAR_LAST] = "near_last",   [HF_CENTRE] = "centre",
};

const char *human_feature_name(int feature)
{
	return feature >= 0 && feature < HUMAN_FEATURES ? feature_names[feature] : "?";
}

static int feature_by_name(const char *name)
{
	for (int i = 0; i < HUMAN_FEATURES; i++)
		if (!strcmp(feature_names[i], name))
			return i;
	return -1;
}

/* One number of a line, finite and of a sensible size; false if it is not one. */
static bool read_number(char **p, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(*p, &end);
	if (end == *p || errno || !isfinite(v) || fabs(v) > 1e4 || (*end && *end != ' ' && *end != '\t'))
		return false;
	*out = v;
	*p = end;
	return true;
}

/* What the lines read so far have given. */
struct parse_state {
	const char *source; /* the file's name: a policy's relative path starts from its folder */
	bool seen[HUMAN_FEATURES];
	bool hidden; /* "hidden N" was read */
	int units;   /* "unit" lines read */
	bool error_rate; /* "error_rate A B C" was read: no error_at rows then, nor the other way */
};

/* "hidden N": the number of units that follow. */
static bool parse_hidden(struct human_model *m, struct parse_state *ps, char *rest, char *why, size_t whylen)
{
	double v;
	if (ps->hidden || !rest || !read_number(&rest, &v) || rest[strspn(rest, " \t\r")] || v != (int)v || v < 1 ||
	    v > HUMAN_HIDDEN_MAX) {
		snprintf(why, whylen, ps->hidden ? "'hidden' is given twice" : "'hidden' needs a number of units from 1 to %d",
		         HUMAN_HIDDEN_MAX);
		return false;
	}
	ps->hidden = true;
	m->hidden = (int)v;
	return true;
}

/* "unit BIAS OUT W...": one unit of the hidden layer. */
static bool parse_unit(struct human_model *m, struct parse_state *ps, char *rest, char *why, size_t whylen)
{
	if (!ps->hidden || ps->units >= m->hidden) {
		snprintf(why, whylen, ps->hidden ? "more units than 'hidden %d' says" : "a unit before 'hidden N'", m->hidden);
		return false;
	}
	struct human_unit *u = &m->unit[ps->units];
	double v[2 + HUMAN_HIDDEN_INPUTS];
	for (int i = 0; i < 2 + HUMAN_HIDDEN_INPUTS; i++)
		if (!rest || !read_number(&rest, &v[i]) || (i == 2 + HUMAN_HIDDEN_INPUTS - 1 && rest[strspn(rest, " \t\r")])) {
			snprintf(why, whylen, "a unit needs %d numbers: its bias, its output weight and %d input weights",
			         2 + HUMAN_HIDDEN_INPUTS, HUMAN_HIDDEN_INPUTS);
			return false;
		}
	u->bias = v[0];
	u->out = v[1];
	memcpy(u->w, v + 2, sizeof u->w);
	ps->units++;
	return true;
}

/*
 * "policy FILE W S": the people's policy network and the weights of its logits and the model's own scores;
 * FILE "builtin" is the one compiled in, else a path from the model file's folder.
 */
static bool parse_policy(struct human_model *m, struct parse_state *ps, char *rest, char *why, size_t whylen)
{
	char *file = rest ? strtok(rest, " \t\r") : NULL, *nums = file ? strtok(NULL, "") : NULL, path[4096], err[300];
	double w[2];
	if (!file || !nums || !read_number(&nums, &w[0]) || !read_number(&nums, &w[1]) || nums[strspn(nums, " \t\r")] ||
	    !(fabs(w[0]) <= 100) || !(fabs(w[1]) <= 100)) {
		snprintf(why, whylen, "'policy' needs a file and two weights from -100 to 100 (the network's, the model's)");
		return false;
	}
	const char *slash = file[0] == '/' ? NULL : strrchr(ps->source, '/');
	int folder = slash ? (int)(slash - ps->source) + 1 : 0;
	bool builtin = !strcmp(file, "builtin"); /* the network compiled in, data/people-policy.bin */
	if (!builtin && snprintf(path, sizeof path, "%.*s%s", folder, ps->source, file) >= (int)sizeof path) {
		snprintf(why, whylen, "the policy's path is too long");
		return false;
	}
	const struct pp_net *net = builtin ? pp_builtin(err, sizeof err) : pp_shared(path, err, sizeof err);
	if (!net) {
		snprintf(why, whylen, "policy: %s", err);
		return false;
	}
	m->policy = net, m->policy_weight = w[0], m->own_weight = w[1];
	return true;
}

/* Whether a table's next row fits: room left, and its rating above the last row's (-1: none yet). */
static bool row_fits(const char *key, int rows, int max, int last, int rating, char *why, size_t whylen)
{
	if (rows == max) {
		snprintf(why, whylen, "at most %d '%s' rows", max, key);
		return false;
	}
	if (last >= 0 && rating <= last) {
		snprintf(why, whylen, "'%s' rows must have rising ratings (%d after %d)", key, rating, last);
		return false;
	}
	return true;
}

/* "sight RATING NODES WEIGHT": a row of the deeper look's table (human_level_sight), ratings rising. */
static bool parse_sight(struct human_model *m, char *rest, char *why, size_t whylen)
{
	double rating, weight;
	char *p = rest, *end;
	long long nodes = -1;
	bool ok = p && read_number(&p, &rating) && rating == (int)rating && rating >= 0 && rating <= 4000;
	if (ok) {
		errno = 0;
		nodes = strtoll(p, &end, 10);
		ok = end != p && !errno && nodes >= 0 && nodes <= 100000000 && (*end == ' ' || *end == '\t');
		p = end;
	}
	ok = ok && read_number(&p, &weight) && weight >= 0 && !p[strspn(p, " \t\r")];
	if (!ok) {
		snprintf(why, whylen, "'sight' needs a rating (0 to 4000), nodes (0 to 100000000) and a weight (0 to 10000)");
		return false;
	}
	int last = m->sight_rows ? m->sight[m->sight_rows - 1].rating : -1;
	if (!row_fits("sight", m->sight_rows, HUMAN_SIGHT_ROWS_MAX, last, (int)rating, why, whylen))
		return false;
	m->sight[m->sight_rows++] = (struct human_sight_row){ (int)rating, { (int)nodes, weight } };
	return true;
}

/* "KEY RATING RATE": a row of a rate's table (error_at, inaccuracy_at), ratings rising. */
static bool parse_rate_row(const char *key, struct human_error_row *row, int *rows, char *rest, char *why,
                           size_t whylen)
{
	double rating, rate;
	if (!rest || !read_number(&rest, &rating) || rating != (int)rating || rating < 0 || rating > 4000 ||
	    !read_number(&rest, &rate) || !(rate >= 0 && rate <= HUMAN_ERROR_SCALE_MAX) || rest[strspn(rest, " \t\r")]) {
		snprintf(why, whylen, "'%s' needs a rating (0 to 4000) and a rate (0 to %g)", key, HUMAN_ERROR_SCALE_MAX);
		return false;
	}
	int last = *rows ? row[*rows - 1].rating : -1;
	if (!row_fits(key, *rows, HUMAN_ERROR_ROWS_MAX, last, (int)rating, why, whylen))
		return false;
	row[(*rows)++] = (struct human_error_row){ (int)rating, rate };
	return true;
}

/* "error_at RATING RATE": a row of the error rule's table (human_model_error_scale). */
static bool parse_error_at(struct human_model *m, const struct parse_state *ps, char *rest, char *why, size_t whylen)
{
	if (ps->error_rate) {
		snprintf(why, whylen, "'error_at' rows and 'error_rate' exclude each other");
		return false;
	}
	return parse_rate_row("error_at", m->error_at, &m->error_rows, rest, why, whylen);
}

/* The keys that take one number, each kept in a double of the model, and the range it must lie in. */
struct single_key {
	const char *name;
	size_t offset;
	double min, max;
	const char *unit; /* said after the range when it is refused */
};

static const struct single_key single_keys[] = {
	{ "temperature", offsetof(struct human_model, temperature), 0, 10, "" },
	{ "error_loss", offsetof(struct human_model, error_loss), 0, 1, " (a share of a point)" },
	{ "inaccuracy_loss", offsetof(struct human_model, inaccuracy_loss), 0, 1, " (a share of a point)" },
	{ "inaccuracy_top", offsetof(struct human_model, inaccuracy_top), 0, 1, " (a share of a point)" },
};

static const struct single_key *single_key(const char *key)
{
	for (size_t i = 0; i < sizeof single_keys / sizeof single_keys[0]; i++)
		if (!strcmp(key, single_keys[i].name))
			return &single_keys[i];
	return NULL;
}

/* One line of the file, its comment cut off; false with the reason in why. */
static bool parse_line(struct human_model *m, char *line, struct parse_state *ps, char *why, size_t whylen)
{
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	char *key = strtok(line, " \t\r");
	if (!key)
		return true;
	char *rest = strtok(NULL, "");
	rest = rest ? rest + strspn(rest, " \t") : NULL;
	if (!strcmp(key, "hidden"))
		return parse_hidden(m, ps, rest, why, whylen);
	if (!strcmp(key, "unit"))
		return parse_unit(m, ps, rest, why, whylen);
	if (!strcmp(key, "policy"))
		return parse_policy(m, ps, rest, why, whylen);
	if (!strcmp(key, "sight"))
		return parse_sight(m, rest, why, whylen);
	if (!strcmp(key, "error_at"))
		return parse_error_at(m, ps, rest, why, whylen);
	if (!strcmp(key, "inaccuracy_at"))
		return parse_rate_row(key, m->inaccuracy_at, &m->inaccuracy_rows, rest, why, whylen);
	if (!strcmp(key, "inaccuracy_focus_at"))
		return parse_rate_row(key, m->focus_at, &m->focus_rows, rest, why, whylen);
	if (!strcmp(key, "policy_weight_at"))
		return parse_rate_row(key, m->policy_at, &m->policy_rows, rest, why, whylen);
	if (!strcmp(key, "name")) {
		size_t len = rest ? strcspn(rest, "\r") : 0;
		if (!len || len >= sizeof m->name) {
			snprintf(why, whylen, "the name must be 1 to %d characters", HUMAN_MODEL_NAME_MAX - 1);
			return false;
		}
		memcpy(m->name, rest, len);
		m->name[len] = '\0';
		return true;
	}
	double v[HUMAN_RATING_TERMS];
	const struct single_key *single = single_key(key);
	bool error_rate = !strcmp(key, "error_rate");
	int f = single || error_rate ? -1 : feature_by_name(key);
	if (!single && !error_rate && f < 0) {
		snprintf(why, whylen, "unknown feature '%.40s'", key);
		return false;
	}
	int want = single ? 1 : HUMAN_RATING_TERMS;
	for (int i = 0; i < want; i++)
		if (!rest || !read_number(&rest, &v[i])) {
			snprintf(why, whylen, "'%.40s' needs %d number%s", key, want, want > 1 ? "s" : "");
			return false;
		}
	if (rest && rest[strspn(rest, " \t\r")]) {
		snprintf(why, whylen, "more than %d number%s after '%.40s'", want, want > 1 ? "s" : "", key);
		return false;
	}
	if (single) {
		if (!(v[0] >= single->min && v[0] <= single->max)) {
			snprintf(why, whylen, "%s must be from %g to %g%s", key, single->min, single->max, single->unit);
			return false;
		}
		*(double *)((char *)m + single->offset) = v[0];
		return true;
	}
	if (error_rate) {
		if (m->error_rows) {
			snprintf(why, whylen, "'error_at' rows and 'error_rate' exclude each other");
			return false;
		}
		ps->error_rate = true;
		for (int i = 0; i < HUMAN_RATING_TERMS; i++)
			if (!(fabs(v[i]) <= 10)) {
				snprintf(why, whylen, "error_rate's numbers must be from -10 to 10");
				return false;
			}
		memcpy(m->error_rate, v, sizeof v);
		return true;
	}
	if (ps->seen[f]) {
		snprintf(why, whylen, "'%s' is given twice", key);
		return false;
	}
	ps->seen[f] = true;
	memcpy(m->w[f], v, sizeof v);
	return true;
}

bool human_model_parse(struct human_model *m, const char *text, size_t len, const char *source, char *err,
                       size_t errlen)
{
	struct human_model out = { .name = "unnamed", .temperature = 0, .error_rate = { 1, 0, 0 } };
	struct parse_state ps = { .source = source };
	char line[1024], why[480];
	size_t at = 0;
	int lineno = 0;
	while (at < len) {
		size_t end = at;
		while (end < len && text[end] != '\n')
			end++;
		lineno++;
		if (end - at >= sizeof line || memchr(text + at, '\0', end - at)) {
			snprintf(err, errlen, "%s:%d: the line is too long or holds a NUL byte", source, lineno);
			return false;
		}
		memcpy(line, text + at, end - at);
		line[end - at] = '\0';
		at = end + 1;
		if (lineno == 1) {
			if (strncmp(line, HUMAN_MODEL_MAGIC, strlen(HUMAN_MODEL_MAGIC)) ||
			    line[strlen(HUMAN_MODEL_MAGIC) + strspn(line + strlen(HUMAN_MODEL_MAGIC), " \t\r")]) {
				snprintf(err, errlen, "%s:1: not a human move model (the first line must be '%s')", source,
				         HUMAN_MODEL_MAGIC);
				return false;
			}
			continue;
		}
		if (!parse_line(&out, line, &ps, why, sizeof why)) {
			snprintf(err, errlen, "%s:%d: %s", source, lineno, why);
			return false;
		}
	}
	if (lineno == 0) {
		snprintf(err, errlen, "%s: the file is empty", source);
		return false;
	}
	for (int f = 0; f < HUMAN_FEATURES; f++)
		if (!ps.seen[f]) {
			snprintf(err, errlen, "%s: the weights of '%s' are missing", source, feature_names[f]);
			return false;
		}
	if (ps.units < out.hidden) {
		snprintf(err, errlen, "%s: 'hidden %d' but only %d units", source, out.hidden, ps.units);
		return false;
	}
	if (out.inaccuracy_rows && !(out.inaccuracy_loss > 0 && out.inaccuracy_loss < out.error_loss)) {
		snprintf(err, errlen, "%s: 'inaccuracy_at' rows need an inaccuracy_loss above 0 and below error_loss (%g)",
		         source, out.error_loss);
		return false;
	}
	if (out.inaccuracy_top > 0 && !(out.inaccuracy_top > out.inaccuracy_loss && out.inaccuracy_top <= out.error_loss)) {
		snprintf(err, errlen, "%s: 'inaccuracy_top' (%g) must lie above inaccuracy_loss (%g) and not above error_loss (%g)",
		         source, out.inaccuracy_top, out.inaccuracy_loss, out.error_loss);
		return false;
	}
	if (out.policy_rows && !out.policy) {
		snprintf(err, errlen, "%s: 'policy_weight_at' rows need a 'policy' line (the network they weigh)", source);
		return false;
	}
	*m = out;
	return true;
}

bool human_model_load(struct human_model *m, const char *path, char *err, size_t errlen)
{
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	char *text = malloc(HUMAN_MODEL_FILE_MAX + 1);
	size_t len = text ? fread(text, 1, HUMAN_MODEL_FILE_MAX + 1, fp) : 0;
	bool bad_read = ferror(fp);
	fclose(fp);
	bool ok = false;
	if (!text)
		snprintf(err, errlen, "%s: out of memory", path);
	else if (bad_read)
		snprintf(err, errlen, "%s: read error", path);
	else if (len > HUMAN_MODEL_FILE_MAX)
		snprintf(err, errlen, "%s: larger than %u bytes: not a human move model", path, HUMAN_MODEL_FILE_MAX);
	else
		ok = human_model_parse(m, text, len, path, err, errlen);
	free(text);
	return ok;
}

#include "people/human_model_text.h" /* made by make from data/human-model.txt */

const struct human_model *human_model_builtin(void)
{
	static struct human_model model;
	static bool loaded;
	/* Parsed once, on first use; level_play_install calls it before any thread can race for it. */
	if (!loaded) {
		char err[200];
		if (!human_model_parse(&model, human_model_builtin_text, strlen(human_model_builtin_text),
		                       "data/human-model.txt", err, sizeof err)) {
			fprintf(stderr, "outpost: the built-in human move model is broken: %s\n", err);
			abort();
		}
		loaded = true;
	}
	return &model;
}

void human_model_weights(const struct human_model *m, int rating, double w[HUMAN_FEATURES])
{
	double t = human_rating_t(rating);
	for (int f = 0; f < HUMAN_FEATURES; f++)
		w[f] = m->w[f][0] + m->w[f][1] * t + m->w[f][2] * t * t;
}

void human_model_logits(const double w[HUMAN_FEATURES], const float (*f)[HUMAN_FEATURES], int n, double *logit)
{
	for (int i = 0; i < n; i++) {
		double s = 0;
		for (int k = 0; k < HUMAN_FEATURES; k++)
			s += w[k] * f[i][k];
		logit[i] = s;
	}
}

void human_model_scores(const struct human_model *m, int rating, const float (*f)[HUMAN_FEATURES], int n,
                        double *logit)
{
	double w[HUMAN_FEATURES], t = human_rating_t(rating);
	human_model_weights(m, rating, w);
	human_model_logits(w, f, n, logit);
	for (int i = 0; i < n; i++)
		for (int u = 0; u < m->hidden; u++) {
			double a = human_unit_input(&m->unit[u], f[i], t);
			if (a > 0)
				logit[i] += m->unit[u].out * a;
		}
}

int human_model_choose(const double *logit, int n, double temperature, double u)
{
	int best = 0;
	for (int i = 1; i < n; i++)
		if (logit[i] > logit[best])
			best = i;
	if (temperature <= 0 || n < 2)
		return best;
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += exp((logit[i] - logit[best]) / temperature);
	double x = u * sum;
	for (int i = 0; i < n; i++) {
		x -= exp((logit[i] - logit[best]) / temperature);
		if (x < 0)
			return i;
	}
	return best;
}

/* A table's value at a rating (error_at, inaccuracy_at, inaccuracy_focus_at, policy_weight_at): straight between
 * rows, level beyond the first and the last; `otherwise` where the table has no rows. */
static double rating_table(const struct human_error_row *row, int rows, int rating, double otherwise)
{
	if (!rows)
		return otherwise;
	if (rating <= row[0].rating)
		return row[0].rate;
	if (rating >= row[rows - 1].rating)
		return row[rows - 1].rate;
	int i = 1;
	while (row[i].rating < rating)
		i++;
	double x = (double)(rating - row[i - 1].rating) / (row[i].rating - row[i - 1].rating);
	return row[i - 1].rate + x * (row[i].rate - row[i - 1].rate);
}

double human_model_error_scale(const struct human_model *m, int rating)
{
	if (m->error_rows)
		return rating_table(m->error_at, m->error_rows, rating, 0);
	double t = human_rating_t(rating);
	double s = m->error_rate[0] + m->error_rate[1] * t + m->error_rate[2] * t * t;
	return s < 0 ? 0 : s > HUMAN_ERROR_SCALE_MAX ? HUMAN_ERROR_SCALE_MAX : s;
}

double human_model_inaccuracy_scale(const struct human_model *m, int rating)
{
	return rating_table(m->inaccuracy_at, m->inaccuracy_rows, rating, 0);
}

double human_model_policy_weight(const struct human_model *m, int rating)
{
	return rating_table(m->policy_at, m->policy_rows, rating, m->policy_weight);
}

void human_model_join_policy(const struct human_model *m, int rating, const float *net, int n, double *logit)
{
	double weight = human_model_policy_weight(m, rating);
	for (int i = 0; i < n; i++)
		logit[i] = m->own_weight * logit[i] + weight * net[i];
}

struct human_rates human_model_rates(const struct human_model *m, int rating)
{
	double focus = rating_table(m->focus_at, m->focus_rows, rating, 0);
	return (struct human_rates){ human_model_error_scale(m, rating), human_model_inaccuracy_scale(m, rating), focus };
}

int human_model_play(const struct human_model *m, const double *logit, const float (*f)[HUMAN_FEATURES], int n,
                     struct human_rates rates, double u1, double u2)
{
	double lost[MAX_MOVES];
	for (int i = 0; i < n; i++)
		lost[i] = f[i][HF_LOSS_D1];
	return human_model_play_seen(m, logit, logit, lost, n, rates, u1, u2);
}

/*
 * Move i's kind by its loss: 2 an error, 1 a smaller mistake (with the model's rule for them), 0 neither.  With an
 * inaccuracy_top, a move the look puts that near the error line is never drawn as a smaller mistake: the look is
 * short, and many of those lose more than error_loss by a longer one.
 */
static int mistake_kind(const struct human_model *m, double lost)
{
	if (lost >= m->error_loss)
		return 2;
	bool smaller = m->inaccuracy_loss > 0 && lost >= m->inaccuracy_loss;
	return smaller && (m->inaccuracy_top <= 0 || lost < m->inaccuracy_top) ? 1 : 0;
}

/* A position's moves as the error rule sees them: their priors, losses, and the two priors odds are taken against. */
struct choice {
	const double *prior, *lost;
	int n;
	double top; /* the likeliest move's prior */
	double ref; /* the likeliest sound move's */
};

/*
 * Move i's odds among the mistakes of its kind.  A smaller mistake's odds are narrowed, by the focus, to
 * those the model rates near the likeliest sound move: there playing it costs least of the match, since people
 * of the rating play it about as often as the sound move.  Errors are drawn with no focus.
 */
static double mistake_odds(const struct choice *c, int i, double focus)
{
	double odds = exp(c->prior[i] - c->top);
	return focus > 0 && c->prior[i] < c->ref ? odds * exp(focus * (c->prior[i] - c->ref)) : odds;
}

/* The move of a kind drawn by its odds (x from 0 to their mass); `skip` is not among them. */
static int draw_kind(const struct human_model *m, const struct choice *c, int kind, int skip, double focus, double x)
{
	int last = -1;
	for (int i = 0; i < c->n; i++)
		if (i != skip && mistake_kind(m, c->lost[i]) == kind) {
			last = i;
			x -= mistake_odds(c, i, focus);
			if (x < 0)
				return i;
		}
	return last;
}

int human_model_play_seen(const struct human_model *m, const double *prior, const double *logit,
                          const double *lost, int n, struct human_rates rates, double u1, double u2)
{
	if (m->error_loss <= 0 || n < 2)
		return human_model_choose(logit, n, m->temperature, u1);
	double top = prior[0], all = 0, errors = 0, smaller = 0;
	for (int i = 1; i < n; i++)
		top = prior[i] > top ? prior[i] : top;
	int best_sound = -1;
	for (int i = 0; i < n; i++) {
		all += exp(prior[i] - top);
		if (lost[i] < m->error_loss && (best_sound < 0 || logit[i] > logit[best_sound]))
			best_sound = i;
	}
	struct choice c = { prior, lost, n, top, best_sound >= 0 ? prior[best_sound] : top };
	for (int i = 0; i < n; i++) {
		int kind = mistake_kind(m, lost[i]);
		errors += kind == 2 ? exp(prior[i] - top) : 0;
		smaller += kind == 1 && i != best_sound ? mistake_odds(&c, i, rates.focus) : 0;
	}
	double x = u1 * all;
	if (best_sound < 0 || x < errors * rates.error) { /* an error, drawn among the erring moves by their odds */
		int e = draw_kind(m, &c, 2, -1, 0, u2 * errors);
		return e >= 0 ? e : human_model_choose(logit, n, 0, u1);
	}
	if (x - errors * rates.error < smaller * rates.inaccuracy)
		return draw_kind(m, &c, 1, best_sound, rates.focus, u2 * smaller);
	return best_sound;
}
