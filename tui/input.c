/*
 * Readline inside curses.  Readline never touches the terminal here: curses
 * reads the keys and hands them over one at a time (rl_getc_function), and
 * the screen draws rl_line_buffer itself (rl_redisplay_function does nothing
 * but let the next frame happen), so the clocks and the analysis keep
 * updating while a person types.
 */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "commands.h"
#include "input.h"
#include "rules/movegen.h"
#include "notation/notation.h"
#include "screen.h"

#define PROMPT "> "
#define HISTORY_LINES 500
#define MATCHES_MAX (MAX_MOVES + 64)

static struct tui *input_tui;
static int pending_key = EOF;
static char history_file[TUI_PATH_MAX];
static FILE *null_out;

/* The matches of the completion in progress, handed to readline one by one. */
static char matches[MATCHES_MAX][SAN_MAX + 8];
static int nmatches;

static int input_getc(FILE *f)
{
	(void)f;
	int c = pending_key;
	pending_key = EOF;
	return c;
}

static int input_available(void) { return pending_key != EOF; }
static void input_redisplay(void) {}
static void prep_terminal(int meta) { (void)meta; }
static void deprep_terminal(void) {}

static void on_line(char *line)
{
	if (!line) {
		/* End of input (Ctrl-D on an empty line): quit, keeping the game. */
		commands_execute(input_tui, "quit");
		return;
	}
	if (line[0]) {
		add_history(line);
		if (history_file[0] && append_history(1, history_file) != 0)
			write_history(history_file);
	}
	commands_execute(input_tui, line);
	free(line);
}

static void add_match(const char *s)
{
	if (nmatches >= MATCHES_MAX)
		return;
	size_t n = strlen(s) < sizeof matches[0] - 1 ? strlen(s) : sizeof matches[0] - 1;
	memcpy(matches[nmatches], s, n);
	matches[nmatches++][n] = '\0';
}

/*
 * Commands match whatever the case.  Moves match with their case first (a
 * lowercase b is a pawn, B a bishop), and ignoring it only when nothing does.
 */
static void find_matches(const char *text, bool with_commands)
{
	size_t len = strlen(text);
	nmatches = 0;
	/* Commands are lower case: a capital first letter means a piece. */
	bool capital = text[0] >= 'A' && text[0] <= 'Z';
	for (int i = 0; with_commands && commands_name(i); i++)
		if (capital ? !strncmp(commands_name(i), text, len) : !strncasecmp(commands_name(i), text, len))
			add_match(commands_name(i));
	const struct position *pos = game_position(input_tui->game);
	move_t list[MAX_MOVES];
	char san[MAX_MOVES][SAN_MAX];
	int n = game_is_over(input_tui->game) ? 0 : generate_legal(pos, list);
	for (int i = 0; i < n; i++)
		move_to_san(pos, list[i], san[i]);
	int before = nmatches;
	for (int i = 0; i < n; i++)
		if (!strncmp(san[i], text, len))
			add_match(san[i]);
	for (int i = 0; i < n && nmatches == before; i++)
		if (!strncasecmp(san[i], text, len))
			add_match(san[i]);
}

static char *next_match(const char *text, int state)
{
	static int index;
	(void)text;
	if (state == 0)
		index = 0;
	return index < nmatches ? strdup(matches[index++]) : NULL;
}

/* The arguments some commands take, for completing after them. */
static void find_argument_matches(const char *command, const char *text)
{
	static const char *const sides[] = { "white", "black", NULL };
	static const char *const levels[] = { "off", NULL };
	const char *const *words = NULL;
	int c = commands_lookup(command);
	if (c >= 0 && !strcmp(commands_name(c), "side"))
		words = sides;
	else if (c >= 0 && (!strcmp(commands_name(c), "time") || !strcmp(commands_name(c), "elo")))
		words = levels;
	nmatches = 0;
	for (int i = 0; words && words[i]; i++)
		if (!strncasecmp(words[i], text, strlen(text)))
			add_match(words[i]);
}

static char **complete(const char *text, int start, int end)
{
	(void)end;
	char command[32] = "";
	sscanf(rl_line_buffer, "%31s", command);
	int c = start > 0 ? commands_lookup(command) : -1;
	if (c >= 0 && (!strcmp(commands_name(c), "save") || !strcmp(commands_name(c), "load")))
		return NULL; /* readline's own file name completion */
	rl_attempted_completion_over = 1;
	if (start == 0)
		find_matches(text, true);
	else if (c >= 0 && !strcmp(commands_name(c), "claim"))
		find_matches(text, false); /* a claim may name the move that brings the draw */
	else
		find_argument_matches(command, text);
	return nmatches ? rl_completion_matches(text, next_match) : NULL;
}

/* Shows the possible completions on the status line instead of printing them under the prompt. */
static void show_matches(char **list, int n, int longest)
{
	(void)longest;
	char *out = input_tui->completions;
	size_t cap = sizeof input_tui->completions, used = 0;
	used += (size_t)snprintf(out, cap, "%s", "Tab:");
	for (int i = 1; i <= n && used < cap; i++)
		used += (size_t)snprintf(out + used, cap - used, " %s", list[i]);
	input_tui->dirty = true;
}

void input_init(struct tui *t, const char *history_path)
{
	input_tui = t;
	snprintf(history_file, sizeof history_file, "%s", history_path ? history_path : "");
	null_out = fopen("/dev/null", "w");
	rl_readline_name = "outpost";
	rl_catch_signals = 0;
	rl_catch_sigwinch = 0;
	rl_change_environment = 0;
	rl_prep_term_function = prep_terminal;
	rl_deprep_term_function = deprep_terminal;
	rl_getc_function = input_getc;
	rl_input_available_hook = input_available;
	rl_redisplay_function = input_redisplay;
	rl_outstream = null_out ? null_out : stdout;
	rl_attempted_completion_function = complete;
	rl_completion_display_matches_hook = show_matches;
	rl_completer_word_break_characters = " \t";
	rl_completion_query_items = -1;
	rl_variable_bind("show-all-if-ambiguous", "on");
	rl_variable_bind("bell-style", "none");
	using_history();
	stifle_history(HISTORY_LINES);
	if (history_file[0])
		read_history(history_file);
	rl_callback_handler_install(PROMPT, on_line);
}

void input_end(void)
{
	rl_callback_handler_remove();
	if (history_file[0])
		history_truncate_file(history_file, HISTORY_LINES);
	if (null_out)
		fclose(null_out);
	null_out = NULL;
}

/* Keys curses decodes are turned into readline's own commands. */
static bool special_key(int ch)
{
	switch (ch) {
	case KEY_LEFT: rl_backward_char(1, 0); break;
	case KEY_RIGHT: rl_forward_char(1, 0); break;
	case KEY_HOME: rl_beg_of_line(1, 0); break;
	case KEY_END: rl_end_of_line(1, 0); break;
	case KEY_UP: rl_get_previous_history(1, 0); break;
	case KEY_DOWN: rl_get_next_history(1, 0); break;
	case KEY_BACKSPACE: rl_rubout(1, 0); break;
	case KEY_DC: rl_delete(1, 0); break;
	case KEY_ENTER: return false;
	default: return ch >= KEY_MIN; /* other decoded keys mean nothing here */
	}
	return true;
}

void input_key(int ch)
{
	input_tui->completions[0] = '\0';
	if (special_key(ch))
		return;
	pending_key = ch == KEY_ENTER ? '\r' : ch;
	rl_callback_read_char();
}

bool input_empty(void) { return rl_end == 0; }

void input_clear(void)
{
	rl_replace_line("", 0);
	rl_point = 0;
}

/* Cells taken by the first n bytes of s (one per UTF-8 character). */
static int cells(const char *s, int n)
{
	int c = 0;
	for (int i = 0; i < n && s[i]; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/* The byte offset of cell `cell` in s. */
static int offset_of_cell(const char *s, int cell)
{
	int i = 0, c = 0;
	while (s[i] && c < cell) {
		i++;
		while (((unsigned char)s[i] & 0xc0) == 0x80)
			i++;
		c++;
	}
	return i;
}

void input_draw(const struct tui *t, const struct rect *r)
{
	const char *line = rl_line_buffer ? rl_line_buffer : "";
	int prompt_w = (int)strlen(PROMPT), room = r->w - prompt_w - 1;
	int point = cells(line, rl_point);
	/* Scroll sideways so the point stays in view. */
	int first = point > room ? point - room : 0;
	screen_put(r->y, r->x, prompt_w, PROMPT, screen_role_attr(&t->view, ROLE_HEADING));
	screen_put(r->y, r->x + prompt_w, r->w - prompt_w, line + offset_of_cell(line, first), A_NORMAL);
	move(r->y, r->x + prompt_w + point - first);
}
