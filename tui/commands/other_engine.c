/* The other engine's life in the game: started, given tasks, checked for problems, dropped when it dies. */
#include <stdio.h>
#include <string.h>

#include "other_engine.h"

bool other_engine_set(struct tui *t, const char *text, char *err, size_t errlen)
{
	struct engine_spec spec;
	if (!engine_spec_parse(text, &spec, err, errlen))
		return false;
	struct uci_client *c = NULL;
	if (spec.roles) {
		const char *options[UCI_CLIENT_OPTIONS_MAX];
		for (int i = 0; i < spec.noptions; i++)
			options[i] = spec.options[i];
		struct uci_client_config cfg = { spec.file, options, spec.noptions, 0 };
		if (!(c = uci_client_start(&cfg, err, errlen)))
			return false;
	}
	struct tui_think *th = &t->think;
	uci_client_free(th->other);
	th->other = c;
	th->other_roles = spec.roles;
	snprintf(th->other_name, sizeof th->other_name, "%s", c ? uci_client_name(c) : "");
	th->other_multipv = -1;
	th->failed = false;
	t->loop.dirty = true;
	return true;
}

bool other_engine_takes(const struct tui *t, enum task task)
{
	int role = task == TASK_MOVE ? ENGINE_FOR_OPPONENT : ENGINE_FOR_PANEL;
	return t->think.other && (t->think.other_roles & role);
}

bool other_engine_go(struct tui *t, enum task task, const struct engine_limits *lim, char *err, size_t errlen)
{
	struct tui_think *th = &t->think;
	const struct game *g = t->match.game;
	/* Its own strength across the board (its options set it); as many lines as the panel shows in it. */
	int multipv = task == TASK_MOVE ? 1 : t->cfg.set.multipv;
	if (multipv != th->other_multipv && uci_client_has_option(th->other, "MultiPV")) {
		char v[16];
		snprintf(v, sizeof v, "%d", multipv);
		uci_client_set_option(th->other, "MultiPV", v);
		th->other_multipv = multipv;
	}
	if (!uci_client_set_chess960(th->other, game_is_chess960(g))) {
		snprintf(err, errlen, "%s does not play Chess960 (it has no UCI_Chess960 option)",
		         uci_client_name(th->other));
		return false;
	}
	const char *fen = game_is_standard_start(g) ? NULL : game_start_fen(g);
	return uci_client_go(th->other, fen, game_moves(g), game_ply_count(g), lim, analysis_on_info, analysis_on_best,
	                     &th->analysis, err, errlen);
}

void other_engine_stop(struct tui *t)
{
	if (!t->think.other)
		return;
	uci_client_stop(t->think.other);
	uci_client_wait(t->think.other);
}

void other_engine_wait(struct tui *t)
{
	if (t->think.other)
		uci_client_wait(t->think.other);
}

bool other_engine_check(struct tui *t)
{
	struct tui_think *th = &t->think;
	char problem[512];
	if (!th->other || !uci_client_take_problem(th->other, problem, sizeof problem))
		return false;
	if (!uci_client_dead(th->other)) {
		tui_status(t, MSG_ERROR, "%s", problem);
		return true;
	}
	/* Its search ends (on_best comes with no move): drop it, its task with it, and Outpost does its tasks. */
	uci_client_wait(th->other);
	if (th->on_other)
		th->task = TASK_NONE;
	uci_client_free(th->other);
	th->other = NULL;
	th->other_roles = 0;
	th->failed = false;
	tui_status(t, MSG_ERROR, "%s; Outpost takes over.", problem);
	return true;
}

void other_engine_new_game(struct tui *t)
{
	if (t->think.other)
		uci_client_new_game(t->think.other);
}

void other_engine_free(struct tui *t)
{
	uci_client_free(t->think.other);
	t->think.other = NULL;
	t->think.other_roles = 0;
}
