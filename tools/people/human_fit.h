/*
 * tools/people/level-fit: fits the human move model (src/people/human_model.h) to
 * rated games and reports how human it plays.  The positions of the games are
 * turned once into records of features (human_data.c), split by game into a
 * part to fit on and a part to report on; the fit (human_train.c) and the
 * reports (human_report.c) read the records.
 */
#ifndef OUTPOST_HUMAN_FIT_H
#define OUTPOST_HUMAN_FIT_H

#include <stdint.h>
#include <stdio.h>

#include "people/human_model.h"
#include "people/policy.h"
#include "rules/position.h"
#include "tools/people/human_games.h"

/* One position a person moved in: the legal moves, their features, and the move played. */
struct human_record {
	int32_t game;   /* the game's number in the PGN file, 1-based */
	int16_t rating; /* the mover's rating */
	int16_t ply;    /* plies played before the position */
	uint8_t n;      /* legal moves */
	uint8_t human;  /* index of the move played in moves[] */
	char fen[FEN_MAX];
	move_t *history;                /* the ply moves of the game from the start position to here */
	move_t *moves;                  /* n of them */
	float (*f)[HUMAN_FEATURES];     /* n rows */
};

struct human_set {
	struct human_record *r;
	size_t n, cap;
};

/* Options of `level-fit extract`. */
struct extract_options {
	const char *pgn, *fit_out, *report_out;
	int every;        /* keep one fitting position in `every` (by the seed) */
	int report_share; /* one game in `report_share` goes to the report part */
	int min_ply;      /* positions before this ply are left out */
	int part, parts;  /* this process's share of the games, for running several */
	int max_games;    /* 0: all */
	bool report_only; /* only the report part's positions */
	bool whole;       /* every position of a chosen game: each report game, one fitting game in `every` */
	uint64_t seed;
};

int human_extract(const struct extract_options *o);

bool human_record_write(FILE *fp, const struct human_record *r);
/* 1 with a record (its arrays newly allocated), 0 at the end, -1 on a broken file (a message on stderr). */
int human_record_read(FILE *fp, struct human_record *r, const char *path);
/* Appends every record of path to set (a broken tail is left out with a warning); false if it cannot be read. */
bool human_set_load(struct human_set *set, const char *path);
void human_set_free(struct human_set *set);
/* Keeps at most per_band positions of each band, evenly spaced through the set (report --per-band N). */
void human_set_per_band(struct human_set *set, int per_band);
void human_record_free(struct human_record *r);
/* The people's network's logits of a record's moves at a rating, given the position and its last move as in a game. */
bool human_record_policy(const struct pp_net *net, int rating, const struct human_record *r, float *logit);

struct train_options {
	const char *out, *name;
	int epochs, batch;
	double rate, l2, temperature, error_loss;
	double error_rate[3]; /* the written model's error_rate (human_model.h) */
	int hidden;           /* units of the hidden layer (0 to HUMAN_HIDDEN_MAX) */
	double decay;         /* the learning rate is multiplied by it after each epoch (0 < decay <= 1) */
	const char *policy;   /* NULL, or the people's network (a file or "builtin") whose logits the fit adds to its own */
	uint64_t seed;
};
int human_train(const struct human_set *set, const struct train_options *o);

/*
 * The judge of the reports' losses (human_judge.c): our engine at 20,000 nodes (program NULL), or another UCI
 * engine searched to depth.  NULL with a message in err when it cannot be started.
 */
struct human_judge;
struct human_judge *human_judge_new(const char *program, int depth, char *err, size_t errlen);
void human_judge_free(struct human_judge *j);
/*
 * The judge's score of the position after moves[0..n) from fen, from the side to move's view there (mates as
 * +-SCORE_MATE, a position with no move 0 unless mated); false with a message in err.
 */
bool human_judge_score(struct human_judge *j, const char *fen, const move_t *moves, int n, score_t *out, char *err,
                       size_t errlen);
const char *human_judge_name(const struct human_judge *j);
/* What the person's move and the mover's lose in expected score against the best of fen; false on the judge's fault. */
bool human_judge_losses(struct human_judge *j, const char *fen, move_t human, move_t mover, double *hl, double *ml,
                        char *err, size_t errlen);

/* The model at each band's rating on the report positions; with a judge (else NULL), the losses by it. */
/*
 * level-fit acpl (human_acpl.c): each player's average centipawn loss in the games of records (those whose number
 * is part modulo parts), by the judge.
 */
int human_acpl(const char *pgn, const char *records, const char *out, int part, int parts, struct human_judge *judge);
/*
 * level-fit openings (human_openings.c): the opening table of the fitting games of the PGN files, written as C, its
 * positions those reached min_games times (OPENING_MIN_GAMES, as the built-in table).
 */
int human_openings(char **pgns, int n, const char *out, long min_games);
/* level-fit estimate (human_estimate.c): the rating estimate's errors and coverage against the ACPL baseline. */
int human_estimate(int argc, char **argv, const struct human_model *m);

int human_report(const struct human_set *set, const struct human_model *m, struct human_judge *judge, uint64_t seed);
/* Plays each report position with another engine over UCI and reports its matches by band (and the losses). */
int human_compare(const struct human_set *set, const char *engine, const char *const *options, int noptions,
                  uint64_t nodes, int movetime_ms, const char *elo_option, int elo_min, struct human_judge *judge);

/* An engine_best_fn for uci_client_go: the best move into the move_t that ctx points to. */
void human_keep_best(void *ctx, move_t best, move_t ponder);

/* Options of `level-fit stalemates`: the engine (NULL: people alone) and how it is set. */
struct stalemate_options {
	const char *engine;
	const char *const *options;
	int noptions;
	const char *elo_option; /* set to each band's middle rating */
	int per_band;           /* positions a band the engine plays (0: all) */
	uint64_t nodes;         /* 0: the engine's own limits */
};
/* How often people, and the engine, give stalemate where a move would, by band (human_stalemates.c). */
int human_stalemates(const char *const *pgns, int npgns, const struct stalemate_options *o);

/* Options of `level-fit mates`: the engine (NULL: people alone), how it is set, and its opponent. */
struct mate_options {
	const char *engine;
	const char *const *options;
	int noptions;
	const char *elo_option; /* set to each band's middle rating */
	int per_band;           /* starts a band and ending the engine plays (0: all) */
	uint64_t defence_nodes; /* our engine's search for each move of the lone king */
	int limit;              /* moves the engine has to mate in (at most 200) */
};
/* How fast people, and the engine from the same starts, mate a bare king with a queen or a rook (human_mates.c). */
int human_mates(const char *const *pgns, int npgns, const struct mate_options *o);

#endif
