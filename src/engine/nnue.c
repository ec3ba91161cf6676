/* The evaluation network: reading its file, keeping the accumulators, the output (see nnue.h). */
#include "engine/nnue.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The vectorised path: GCC's and clang's vector extensions, which become
 * AVX2 (or AVX-512) under --enable-native and SSE2 otherwise.  The portable
 * loops give the same integers: every sum is exact (nnue_read refuses weights
 * that could overflow), so the order of the additions cannot matter.
 */
#if defined(__GNUC__) && !defined(NNUE_PORTABLE)
#define NNUE_VECTOR 1
typedef int16_t vec16 __attribute__((vector_size(32)));
typedef uint16_t vecu16 __attribute__((vector_size(32)));
typedef int32_t vec32 __attribute__((vector_size(64)));
typedef int64_t vec64 __attribute__((vector_size(128)));
#endif

/*
 * A build for any x86-64 (not --enable-native) still runs the hot loops with
 * AVX2 where the processor has it: GCC makes a clone of each for AVX2 and one
 * for the baseline, and the loader picks one (an ifunc) on the processor it
 * finds.  The baseline's SSE2 has no 32-bit multiply, so the output layer's
 * squares cost it three times as much.
 */
#if defined(NNUE_VECTOR) && defined(__x86_64__) && defined(__linux__) && !defined(__clang__) && !defined(__AVX2__) && \
    !defined(__SANITIZE_THREAD__)
/* (Not under ThreadSanitizer: the loader runs the clones' resolvers before its runtime is up, and they crash.) */
#define NNUE_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define NNUE_CLONES
#endif

/* ---------------------------------------------------------------- the file */

static uint32_t get_u32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static int16_t get_i16(const uint8_t *p) { return (int16_t)(uint16_t)(p[0] | p[1] << 8); }

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

/* The bytes after the header: version 2 adds the bucket count and a set of outputs per bucket. */
static size_t payload_size(int hidden, int buckets, uint32_t version)
{
	size_t outputs = (size_t)buckets * (2 * (size_t)hidden * 2 + 4);
	return (version == NNUE_VERSION ? 0 : 4) + ((size_t)NNUE_INPUTS * hidden + hidden) * 2 + outputs;
}

static bool refuse(char *err, size_t errlen, const char *what)
{
	if (err && errlen)
		snprintf(err, errlen, "%s", what);
	return false;
}

/* The header's fields, each checked against what this program evaluates with. */
static bool read_header(struct nnue_net *net, const uint8_t *data, size_t size, char *err, size_t errlen)
{
	char what[160];
	if (size < NNUE_HEADER_SIZE) {
		snprintf(what, sizeof what, "%zu bytes: shorter than the %d-byte header", size, NNUE_HEADER_SIZE);
		return refuse(err, errlen, what);
	}
	if (memcmp(data, NNUE_MAGIC, 8))
		return refuse(err, errlen, "not an Outpost network (the file does not start with OUTPNNUE)");
	uint32_t version = get_u32(data + 8), inputs = get_u32(data + 12), hidden = get_u32(data + 16);
	uint32_t qa = get_u32(data + 20), qb = get_u32(data + 24), scale = get_u32(data + 28);
	uint32_t buckets = version == NNUE_VERSION_BUCKETS && size >= NNUE_HEADER_SIZE + 4 ? get_u32(data + 68) : 1;
	size_t want = NNUE_HEADER_SIZE + payload_size((int)hidden, (int)buckets, version);
	if (version != NNUE_VERSION && version != NNUE_VERSION_BUCKETS)
		snprintf(what, sizeof what, "format version %u (this program reads %d and %d)", version, NNUE_VERSION,
		         NNUE_VERSION_BUCKETS);
	else if (version == NNUE_VERSION_BUCKETS && size < NNUE_HEADER_SIZE + 4)
		snprintf(what, sizeof what, "%zu bytes: no room for the output bucket count (truncated)", size);
	else if (buckets < 1 || buckets > NNUE_BUCKETS_MAX)
		snprintf(what, sizeof what, "offset 68: %u output buckets (1 to %d)", buckets, NNUE_BUCKETS_MAX);
	else if (inputs != NNUE_INPUTS)
		snprintf(what, sizeof what, "%u inputs (must be %d)", inputs, NNUE_INPUTS);
	else if (hidden < NNUE_HIDDEN_STEP || hidden > NNUE_HIDDEN_MAX || hidden % NNUE_HIDDEN_STEP)
		snprintf(what, sizeof what, "%u hidden units (a multiple of %d from %d to %d)", hidden, NNUE_HIDDEN_STEP,
		         NNUE_HIDDEN_STEP, NNUE_HIDDEN_MAX);
	else if (qa != NNUE_QA || qb < 1 || qb > NNUE_QB_MAX)
		snprintf(what, sizeof what, "quantisation QA %u, QB %u (QA must be %d, QB 1 to %d)", qa, qb, NNUE_QA,
		         NNUE_QB_MAX);
	else if (scale < 1 || scale > NNUE_SCALE_MAX)
		snprintf(what, sizeof what, "scale %u (1 to %d)", scale, NNUE_SCALE_MAX);
	else if (size != want)
		snprintf(what, sizeof what, "%zu bytes where %u hidden units and %u output%s need %zu%s", size, hidden,
		         buckets, buckets > 1 ? "s" : "", want, size < want ? " (truncated)" : "");
	else if (fnv1a(data + NNUE_HEADER_SIZE, size - NNUE_HEADER_SIZE) != get_u32(data + 64))
		snprintf(what, sizeof what, "checksum mismatch: the weights are damaged");
	else
		what[0] = '\0';
	if (what[0])
		return refuse(err, errlen, what);
	net->hidden = (int)hidden;
	net->buckets = (int)buckets;
	net->qb = (int)qb;
	net->scale = (int)scale;
	memset(net->name, 0, sizeof net->name);
	for (int i = 0; i < NNUE_NAME_LEN && data[32 + i]; i++) {
		if (data[32 + i] < 0x20 || data[32 + i] > 0x7e)
			return refuse(err, errlen, "the network's name is not printable ASCII");
		net->name[i] = (char)data[32 + i];
	}
	if (!net->name[0])
		return refuse(err, errlen, "the network has no name");
	return true;
}

/*
 * Can any position overflow an accumulator?  It holds the bias plus at most
 * 32 rows (one per piece), so |bias| + 32 * the largest |weight| bounds it.
 * The output cannot overflow (see nnue.h).
 */
static bool check_ranges(const struct nnue_net *net, char *err, size_t errlen)
{
	char what[160];
	int h = net->hidden;
	for (int j = 0; j < h; j++) {
		int biggest = 0;
		for (int f = 0; f < NNUE_INPUTS; f++) {
			int w = abs(net->hidden_w[f * h + j]);
			biggest = w > biggest ? w : biggest;
		}
		if (abs(net->hidden_b[j]) + 32L * biggest > INT16_MAX) {
			snprintf(what, sizeof what, "hidden unit %d could overflow its 16-bit sum (bias %d, weights up to %d)",
			         j, net->hidden_b[j], biggest);
			return refuse(err, errlen, what);
		}
	}
	return true;
}

bool nnue_read(struct nnue_net *net, const uint8_t *data, size_t size, char *err, size_t errlen)
{
	if (!read_header(net, data, size, err, errlen))
		return false;
	int h = net->hidden;
	const uint8_t *p = data + NNUE_HEADER_SIZE + (get_u32(data + 8) == NNUE_VERSION ? 0 : 4);
	for (int i = 0; i < NNUE_INPUTS * h; i++, p += 2)
		net->hidden_w[i] = get_i16(p);
	for (int i = 0; i < h; i++, p += 2)
		net->hidden_b[i] = get_i16(p);
	for (int i = 0; i < net->buckets * 2 * h; i++, p += 2)
		net->out_w[i] = get_i16(p);
	for (int b = 0; b < net->buckets; b++, p += 4)
		net->out_b[b] = (int32_t)get_u32(p);
	nnue_bound_output(net);
	return check_ranges(net, err, errlen);
}

bool nnue_read_file(struct nnue_net *net, const char *path, char *err, size_t errlen)
{
	char why[200];
	size_t cap = NNUE_HEADER_SIZE + payload_size(NNUE_HIDDEN_MAX, NNUE_BUCKETS_MAX, NNUE_VERSION_BUCKETS) + 1;
	uint8_t *buf = malloc(cap);
	FILE *f = fopen(path, "rb");
	if (!buf || !f) {
		snprintf(err, errlen, "%s: %s", path, f ? "out of memory" : strerror(errno));
		free(buf);
		if (f)
			fclose(f);
		return false;
	}
	size_t n = fread(buf, 1, cap, f);
	bool ok = !ferror(f);
	fclose(f);
	if (!ok)
		snprintf(err, errlen, "%s: cannot read the file", path);
	else if (n == cap)
		snprintf(err, errlen, "%s: longer than any network this program reads", path);
	else if (!(ok = nnue_read(net, buf, n, why, sizeof why)))
		snprintf(err, errlen, "%s: %s", path, why);
	free(buf);
	return ok && n < cap;
}

/* ---------------------------------------------------------------- the accumulators */

/* dst = src + the rows of add - the rows of sub, for `h` hidden units. */
NNUE_CLONES static void apply_rows(int16_t *dst, const int16_t *src, const struct nnue_net *net,
                              const int *add, int nadd, const int *sub, int nsub)
{
	int h = net->hidden;
#ifdef NNUE_VECTOR
	for (int i = 0; i < h; i += NNUE_HIDDEN_STEP) {
		vec16 v = *(const vec16 *)(src + i);
		for (int k = 0; k < nadd; k++)
			v += *(const vec16 *)(net->hidden_w + add[k] * h + i);
		for (int k = 0; k < nsub; k++)
			v -= *(const vec16 *)(net->hidden_w + sub[k] * h + i);
		*(vec16 *)(dst + i) = v;
	}
#else
	for (int i = 0; i < h; i++) {
		int v = src[i];
		for (int k = 0; k < nadd; k++)
			v += net->hidden_w[add[k] * h + i];
		for (int k = 0; k < nsub; k++)
			v -= net->hidden_w[sub[k] * h + i];
		dst[i] = (int16_t)v;
	}
#endif
}

void nnue_refresh(const struct nnue_net *net, const struct position *pos, struct nnue_acc *acc)
{
	for (int view = WHITE; view <= BLACK; view++) {
		memcpy(acc->v[view], net->hidden_b, (size_t)net->hidden * sizeof(int16_t));
		int rows[8], n = 0;
		for (bitboard_t b = occupied(pos); b;) {
			int sq = pop_lsb(&b);
			rows[n++] = nnue_feature(view, piece_on(pos, sq), sq);
			if (n == 8 || !b) {
				apply_rows(acc->v[view], acc->v[view], net, rows, n, NULL, 0);
				n = 0;
			}
		}
	}
	acc->key = pos->st->key;
	acc->valid = true;
}

/* The pieces a move (the one that led to st) took off and put on: at most two of each. */
struct change {
	int add_piece[2], add_sq[2], nadd;
	int sub_piece[2], sub_sq[2], nsub;
};

/* pos: any position of the line, for the castling rooks' squares (the same all along it). */
static void move_changes(const struct position *pos, const struct state *st, struct change *c)
{
	move_t m = st->move;
	int piece = st->piece, us = piece_color(piece);
	int from = move_from(m), to = move_to(m), kind = move_kind(m);
	c->nadd = c->nsub = 0;
	if (m == MOVE_NULL || m == MOVE_NONE || piece == NO_PIECE)
		return;
	c->sub_piece[c->nsub] = piece, c->sub_sq[c->nsub++] = from;
	int placed = kind == MOVE_PROMOTION ? make_piece(us, move_promotion(m)) : piece;
	c->add_piece[c->nadd] = placed, c->add_sq[c->nadd++] = to;
	if (kind == MOVE_CASTLING) {
		/* The king's destination names the castling (rules/position.h); in Chess960 a square may be both
		 * taken off and put on, which the rows' sum takes as it comes. */
		c->sub_piece[c->nsub] = make_piece(us, ROOK), c->sub_sq[c->nsub++] = castling_rook_from(pos, to);
		c->add_piece[c->nadd] = make_piece(us, ROOK), c->add_sq[c->nadd++] = castling_rook_to(to);
	} else if (st->captured != NO_PIECE) {
		int capsq = kind == MOVE_EN_PASSANT ? to - pawn_push(us) : to;
		c->sub_piece[c->nsub] = st->captured, c->sub_sq[c->nsub++] = capsq;
	}
}

/* dst = src changed by the move that led to st. */
static void apply_move(const struct nnue_net *net, const struct position *pos, const struct state *st,
                       const struct nnue_acc *src, struct nnue_acc *dst)
{
	struct change c;
	move_changes(pos, st, &c);
	for (int view = WHITE; view <= BLACK; view++) {
		int add[2], sub[2];
		for (int k = 0; k < c.nadd; k++)
			add[k] = nnue_feature(view, c.add_piece[k], c.add_sq[k]);
		for (int k = 0; k < c.nsub; k++)
			sub[k] = nnue_feature(view, c.sub_piece[k], c.sub_sq[k]);
		apply_rows(dst->v[view], src->v[view], net, add, c.nadd, sub, c.nsub);
	}
	dst->key = st->key;
	dst->valid = true;
}

void nnue_stack_clear(struct nnue_stack *stack)
{
	for (int i = 0; i < NNUE_STACK_SIZE; i++)
		stack->acc[i].valid = false;
}

/* Past this many moves a refresh from the board costs less than replaying them. */
#define NNUE_MAX_REPLAY 8

/* Brings acc[ply] up to date: from the nearest current ply above it, or from the board. */
static void update(const struct nnue_net *net, struct nnue_stack *stack, const struct position *pos, int ply)
{
	const struct state *path[NNUE_MAX_REPLAY];
	const struct state *st = pos->st;
	int q = ply, n = 0;
	while (q > 0 && n < NNUE_MAX_REPLAY && st->prev) {
		path[n++] = st;
		st = st->prev;
		q--;
		const struct nnue_acc *a = &stack->acc[q];
		if (a->valid && a->key == st->key) {
			while (n > 0) {
				apply_move(net, pos, path[n - 1], &stack->acc[q], &stack->acc[q + 1]);
				q++, n--;
			}
			return;
		}
	}
	nnue_refresh(net, pos, &stack->acc[ply]);
}

/* ---------------------------------------------------------------- the output */

/* Centipawns from the output sum (QA * QA * QB times the float model's). */
static score_t finish(const struct nnue_net *net, int64_t sum, int bucket)
{
	int64_t v = (sum / NNUE_QA + net->out_b[bucket]) * net->scale / ((int64_t)NNUE_QA * net->qb);
	/* Below the tablebase band, so that no evaluation reads as a tablebase result. */
	return v > SCORE_TB_WIN_IN_MAX - 1   ? SCORE_TB_WIN_IN_MAX - 1
	       : v < SCORE_TB_LOSS_IN_MAX + 1 ? SCORE_TB_LOSS_IN_MAX + 1
	                                      : (score_t)v;
}

score_t nnue_output_portable(const struct nnue_net *net, const struct nnue_acc *acc, int side, int bucket)
{
	int h = net->hidden;
	int64_t sum = 0;
	for (int half = 0; half < 2; half++) {
		const int16_t *x = acc->v[half ? !side : side], *w = net->out_w + (bucket * 2 + half) * h;
		for (int i = 0; i < h; i++) {
			int32_t c = x[i] < 0 ? 0 : x[i] > NNUE_QA ? NNUE_QA : x[i];
			sum += c * c * w[i]; /* at most 65025 * 32767: fits 32 bits */
		}
	}
	return finish(net, sum, bucket);
}

void nnue_bound_output(struct nnue_net *net)
{
	int biggest = 1;
	for (int i = 0; i < net->buckets * 2 * net->hidden; i++)
		biggest = abs(net->out_w[i]) > biggest ? abs(net->out_w[i]) : biggest;
	net->out_run = (int)(INT32_MAX / ((int64_t)NNUE_QA * NNUE_QA * biggest)); /* at least 1 (see nnue.h) */
}

/*
 * The squares in 16 bits (255^2 fits an unsigned one) and the terms summed in 32-bit lanes, moved to 64 only every
 * out_run vectors: the widening to 64 bits and a second 32-bit multiply cost as much as the rest of the layer.
 */
NNUE_CLONES score_t nnue_output_vector(const struct nnue_net *net, const struct nnue_acc *acc, int side, int bucket)
{
#ifdef NNUE_VECTOR
	int h = net->hidden, run = 0;
	const vec16 zero = { 0 }, qa = zero + NNUE_QA;
	vec32 part = { 0 };
	vec64 total = { 0 };
	for (int half = 0; half < 2; half++) {
		const int16_t *x = acc->v[half ? !side : side], *w = net->out_w + (bucket * 2 + half) * h;
		for (int i = 0; i < h; i += NNUE_HIDDEN_STEP) {
			vec16 c = *(const vec16 *)(x + i);
			c &= c > zero;
			vec16 over = c > qa;
			c = (c & ~over) | (qa & over);
			vecu16 square = (vecu16)c * (vecu16)c;
			part += __builtin_convertvector(square, vec32) * __builtin_convertvector(*(const vec16 *)(w + i), vec32);
			if (++run == net->out_run) {
				total += __builtin_convertvector(part, vec64);
				part -= part;
				run = 0;
			}
		}
	}
	total += __builtin_convertvector(part, vec64);
	int64_t sum = 0;
	for (int i = 0; i < NNUE_HIDDEN_STEP; i++)
		sum += total[i];
	return finish(net, sum, bucket);
#else
	return nnue_output_portable(net, acc, side, bucket);
#endif
}

bool nnue_vectorised(void)
{
#ifdef NNUE_VECTOR
	return true;
#else
	return false;
#endif
}

static inline score_t output(const struct nnue_net *net, const struct nnue_acc *acc, const struct position *pos)
{
	int bucket = net->buckets > 1 ? nnue_bucket(popcount(occupied(pos)), net->buckets) : 0;
#ifdef NNUE_VECTOR
	return nnue_output_vector(net, acc, pos->side, bucket);
#else
	return nnue_output_portable(net, acc, pos->side, bucket);
#endif
}

score_t nnue_evaluate(const struct nnue_net *net, struct nnue_stack *stack, const struct position *pos, int ply)
{
	struct nnue_acc *acc = &stack->acc[ply];
	if (!acc->valid || acc->key != pos->st->key)
		update(net, stack, pos, ply);
	return output(net, acc, pos);
}

score_t nnue_evaluate_fresh(const struct nnue_net *net, const struct position *pos)
{
	static _Thread_local struct nnue_acc acc;
	nnue_refresh(net, pos, &acc);
	return output(net, &acc, pos);
}
