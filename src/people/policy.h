/*
 * The policy network of how rated people play: from the board as the mover
 * sees it (pieces on squares, the board turned over for Black), the castling
 * rights, the last move and the mover's rating, a likelihood (logit) for each
 * legal move.  A hidden layer of clipped ReLU units over sparse inputs (with
 * the threats on the board); each move's logit is the hidden layer's dot
 * product with the sum of its rows (its from square, its to square, its piece
 * on either, its promotion, what it captures), plus biases and a few cheap
 * facts of the move (a capture, a check, a loss or a gain by exchange, a
 * recapture, a flight from attack) weighted by the rating.  Fitted by tools/people/policy-fit
 * on rated games (doc/tools.md); the weights are data/people-policy.bin
 * (policy_file.c reads and writes them).
 *
 * One set of arrays serves the trainer (floats it fits) and the engine (the
 * same floats, read from the file): the forward pass here is the one both use.
 */
#ifndef OUTPOST_PEOPLE_POLICY_H
#define OUTPOST_PEOPLE_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"

#define PP_PIECE_INPUTS 768 /* (own or theirs, piece type, square) from the mover's side */
#define PP_RATING_INPUTS 10 /* 200-point buckets: under 800, 800-999, ..., 2200-2399, 2400 and up */
#define PP_BUCKET_WIDTH 200
#define PP_BUCKET_CENTRE_0 700 /* the first bucket's centre; bucket b's is this + b * PP_BUCKET_WIDTH */
#define PP_CASTLE_INPUTS 4  /* own short, own long, theirs short, theirs long */
#define PP_LAST_INPUTS 128  /* the last move's from square, then its to square */
/*
 * Threats, from the mover's side: each own piece the opponent attacks (by
 * square), each own piece en prise (by type and square: attacked and not
 * defended, or attacked by a cheaper piece), and the same of theirs.  What
 * people of a rating see and miss is mostly this, so the hidden layer gets it
 * whole rather than only through the facts of each move.
 */
#define PP_THREAT_INPUTS (2 * (64 + 5 * 64))
#define PP_INPUTS (PP_PIECE_INPUTS + PP_RATING_INPUTS + PP_CASTLE_INPUTS + PP_LAST_INPUTS + PP_THREAT_INPUTS)
#define PP_MAX_ACTIVE 104
/* from, to, piece on to, promotion piece, piece on from, piece captured (pawn to queen) */
#define PP_MOVE_ROWS (64 + 64 + 6 * 64 + 4 + 6 * 64 + 5)
#define PP_MAX_ROWS 6 /* rows of one move */
#define PP_MOVE_FACTS 8
#define PP_HIDDEN_MIN 8 /* hidden: a multiple of 8 from PP_HIDDEN_MIN to PP_HIDDEN_MAX */
#define PP_HIDDEN_MAX 1024
#define PP_NAME_LEN 32

/*
 * The facts of a move; PP_FLEES: the piece leaves a square the opponent
 * attacks; PP_WINS: the exchange it starts wins material; PP_TO_ATTACKED: it
 * goes to a square the opponent attacks; PP_SAFE_FLIGHT: it flees and does
 * not lose the exchange where it lands.
 */
enum { PP_CAPTURE, PP_CHECK, PP_LOSES_EXCHANGE, PP_RECAPTURE, PP_FLEES, PP_WINS, PP_TO_ATTACKED, PP_SAFE_FLIGHT };

/* The parameters, one array of `count` floats, and views into it. */
struct pp_net {
	char name[PP_NAME_LEN + 1];
	int hidden;
	size_t count;
	float *p;
	float *w1;   /* [PP_INPUTS][hidden] */
	float *b1;   /* [hidden] */
	float *rows; /* [PP_MOVE_ROWS][hidden] */
	float *row_bias;  /* [PP_MOVE_ROWS] */
	float *pair_bias; /* [64 * 64]: from square and to square */
	float *facts;     /* [PP_RATING_INPUTS][PP_MOVE_FACTS] */
};

/* The number of floats of a net with `hidden` units. */
size_t pp_count(int hidden);
/* Points the views into p for `hidden` units (p holds pp_count(hidden) floats). */
void pp_views(struct pp_net *net, int hidden, float *p);

/* The rating's bucket, 0 .. PP_RATING_INPUTS - 1. */
int pp_rating_bucket(int rating);

/* The active inputs of pos for a mover of `rating`, last: the move that led to pos (MOVE_NONE if unknown). */
int pp_inputs(const struct position *pos, move_t last, int rating, int16_t feat[PP_MAX_ACTIVE]);

/* What one legal move is to the net: its rows, its square pair and its facts. */
struct pp_move {
	int rows[PP_MAX_ROWS], nrows, pair;
	float fact[PP_MOVE_FACTS];
};
void pp_move_of(const struct position *pos, move_t last, move_t m, struct pp_move *out);

/* The hidden layer: acc = the sums (for a backward pass), h = clamp(acc, 0, 1). */
void pp_hidden(const struct pp_net *net, const int16_t *feat, int n, float *acc, float *h);

/* One move's logit from the hidden layer h at rating bucket b. */
float pp_move_logit(const struct pp_net *net, const float *h, int bucket, const struct pp_move *mv);

/*
 * The logits of the n legal moves of pos for a mover of `rating` (the move
 * that led to pos from pos->st->move); no allocation.
 */
void pp_logits(const struct pp_net *net, const struct position *pos, int rating, const move_t *moves, int n,
               float *logit);

/*
 * The average of two nets' logits as one net (policy_join.c): a's units and
 * b's side by side (hidden a + b, at most PP_HIDDEN_MAX), each move row
 * halved, the biases and the facts averaged.  An ensemble of two nets fitted
 * from different seeds is then read, stored and run as any net is.  False
 * (nothing allocated) if the widths sum past PP_HIDDEN_MAX or out of memory.
 */
bool pp_join(struct pp_net *out, const struct pp_net *a, const struct pp_net *b, const char *name);
/* Frees the arrays of a net that pp_read, pp_load or pp_join gave. */
void pp_free(struct pp_net *net);

/*
 * The weights file (policy_file.c): its bytes into a net (its arrays newly
 * allocated), or false with "SOURCE: offset N: what was wrong" in err.
 */
bool pp_read(struct pp_net *net, const uint8_t *data, size_t size, const char *source, char *err, size_t errlen);
/* Reads the file at path (pp_read's refusals). */
bool pp_load(struct pp_net *net, const char *path, char *err, size_t errlen);
/*
 * The net in the file at path, read on the first call for that path and
 * kept for the life of the process (at most 8 files); NULL with pp_load's
 * refusal in err.  Safe from any thread.
 */
const struct pp_net *pp_shared(const char *path, char *err, size_t errlen);
/*
 * The net compiled into the program (data/people-policy.bin; policy_builtin.c),
 * read on the first call; NULL with the reason in err if its bytes are damaged.
 */
const struct pp_net *pp_builtin(char *err, size_t errlen);
/* The file's bytes of a net (malloc'd into *data); false if out of memory. */
bool pp_write(const struct pp_net *net, uint8_t **data, size_t *size);

#endif
