/*
 * Readline inside curses.  Readline never touches the terminal here: curses
 * reads the keys and hands them over one at a time (rl_getc_function), and
 * the prompt view draws the state's copy of rl_line_buffer (rl_redisplay_function
 * does nothing but let the next frame happen), so the clocks and the analysis
 * keep updating while a person types.  A finished line is only kept: the loop
 * takes it (input_take_line) and runs it.
 */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "input.h"
#include "notation/notation.h"
#include "rules/movegen.h"
#include "tui/base/typed.h"
#include "tui/commands/commands.h"

#define HISTORY_LINES 500
#define MATCHES_MAX (MAX_MOVES + 64)

static struct tui *input_tui;
static bool utf8_locale;
static bool plain_prompt; /* readline reads and draws itself (plain mode), instead of through curses */
static int pending_key = EOF;
static char history_file[TUI_PATH_MAX];
static FILE *null_out;
/* The line readline handed over, until the loop takes it. */
static bool line_ready;
static char *ready_line;

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
	if (line && line[0]) {
		add_history(line);
		if (history_file[0] && append_history(1, history_file) != 0)
			write_history(history_file);
	}
	free(ready_line); /* the loop takes each line before the next key, so there is none */
	ready_line = line;
	line_ready = true;
}

bool input_take_line(char **line)
{
	if (!line_ready)
		return false;
	*line = ready_line;
	ready_line = NULL;
	line_ready = false;
	return true;
}

/* The state's copy of readline's line, for the prompt view. */
static void sync_prompt(void)
{
	struct tui_prompt *p = &input_tui->prompt;
	const char *line = rl_line_buffer ? rl_line_buffer : "";
	int len = snprintf(p->line, sizeof p->line, "%s", line);
	if (len >= (int)sizeof p->line) {
		/* Longer than the copy holds (no command is): cut it before a whole character. */
		len = (int)sizeof p->line - 1;
		while (len > 0 && ((unsigned char)p->line[len] & 0xc0) == 0x80)
			len--;
		p->line[len] = '\0';
	}
	/* What the locale cannot read shows as '?', byte for byte, so the point still falls where it did. */
	typed_printable(p->line, utf8_locale);
	p->point = rl_point < 0 ? 0 : rl_point > len ? len : rl_point;
	input_tui->loop.dirty = true;
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
	const struct position *pos = tui_shown_position(input_tui);
	move_t list[MAX_MOVES];
	char san[MAX_MOVES][SAN_MAX];
	int n = game_is_over(input_tui->match.game) && !tui_browsing(input_tui) ? 0 : generate_legal(pos, list);
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
	static const char *const kinds[] = { "white", "black", "king", "queen", "rook", "bishop", "knight", "pawn", NULL };
	const char *const *words = NULL;
	int c = commands_lookup(command);
	if (c >= 0 && !strcmp(commands_name(c), "side"))
		words = sides;
	else if (c >= 0 && !strcmp(commands_name(c), "pieces"))
		words = kinds;
	else if (c >= 0 && (!strcmp(commands_name(c), "time") || !strcmp(commands_name(c), "elo") ||
	                    !strcmp(commands_name(c), "annotate")))
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
	char *out = input_tui->prompt.completions;
	size_t cap = sizeof input_tui->prompt.completions, used = 0;
	used += (size_t)snprintf(out, cap, "%s", "Tab:");
	for (int i = 1; i <= n && used < cap; i++)
		used += (size_t)snprintf(out + used, cap - used, " %s", list[i]);
	input_tui->loop.dirty = true;
}

void input_init(struct tui *t, const char *history_path, bool plain)
{
	input_tui = t;
	plain_prompt = plain;
	snprintf(history_file, sizeof history_file, "%s", history_path ? history_path : "");
	rl_readline_name = "outpost";
	rl_catch_signals = 0;
	rl_catch_sigwinch = 0;
	rl_change_environment = 0;
	if (!plain) {
		/* Curses owns the terminal: readline gets its keys from us and draws nothing itself. */
		null_out = fopen("/dev/null", "w");
		rl_prep_term_function = prep_terminal;
		rl_deprep_term_function = deprep_terminal;
		rl_getc_function = input_getc;
		rl_input_available_hook = input_available;
		rl_redisplay_function = input_redisplay;
		rl_outstream = null_out ? null_out : stdout;
		rl_completion_display_matches_hook = show_matches;
		rl_completion_query_items = -1;
	}
	rl_attempted_completion_function = complete;
	rl_completer_word_break_characters = " \t";
	/* Every byte goes into the line as it is, never read as Meta and a key, so that a line the locale
	   cannot read is refused whole (commands_execute) rather than partly run. */
	rl_variable_bind("input-meta", "on");
	rl_variable_bind("convert-meta", "off");
	rl_variable_bind("output-meta", "on");
	utf8_locale = typed_locale_utf8();
	rl_variable_bind("show-all-if-ambiguous", "on");
	rl_variable_bind("bell-style", "none");
	using_history();
	stifle_history(HISTORY_LINES);
	if (history_file[0])
		read_history(history_file);
	rl_callback_handler_install(TUI_PROMPT, on_line);
	sync_prompt();
}

void input_read(void) { rl_callback_read_char(); }

/* What the plain prompt shows, while output is written above it. */
static char *hidden_line;
static int hidden_point;

void input_hide(void)
{
	hidden_point = rl_point;
	hidden_line = rl_copy_text(0, rl_end);
	rl_save_prompt();
	rl_replace_line("", 0);
	rl_redisplay();
	/* Back to the line's start, over what the prompt left there: the output takes its place. */
	fputs("\r", rl_outstream);
	fflush(rl_outstream);
}

void input_show(void)
{
	rl_restore_prompt();
	rl_replace_line(hidden_line ? hidden_line : "", 0);
	rl_point = hidden_point;
	free(hidden_line);
	hidden_line = NULL;
	rl_on_new_line();
	rl_redisplay();
}

void input_pause(void)
{
	if (plain_prompt)
		rl_deprep_terminal();
}

void input_resume(void)
{
	if (!plain_prompt)
		return;
	rl_prep_terminal(1);
	rl_on_new_line();
	rl_forced_update_display();
}

void input_end(void)
{
	rl_callback_handler_remove();
	if (history_file[0])
		history_truncate_file(history_file, HISTORY_LINES);
	if (null_out)
		fclose(null_out);
	null_out = NULL;
	free(ready_line);
	ready_line = NULL;
	line_ready = false;
}

/*
 * Up and Down on a line being typed (on an empty one they step through the
 * game): the earlier lines that begin with what is typed, as a shell's
 * history-search does; readline keeps the prefix while the last command was a search.
 */
static void search_history(rl_command_func_t *search)
{
	search(1, 0);
	rl_last_func = search;
}

/* Keys curses decodes are turned into readline's own commands. */
static bool special_key(int ch)
{
	switch (ch) {
	case KEY_LEFT: rl_backward_char(1, 0); break;
	case KEY_RIGHT: rl_forward_char(1, 0); break;
	case KEY_HOME: rl_beg_of_line(1, 0); break;
	case KEY_END: rl_end_of_line(1, 0); break;
	case KEY_UP: search_history(rl_history_search_backward); break;
	case KEY_DOWN: search_history(rl_history_search_forward); break;
	case KEY_BACKSPACE: rl_rubout(1, 0); break;
	case KEY_DC: rl_delete(1, 0); break;
	case KEY_ENTER: return false;
	default: return ch >= KEY_MIN; /* other decoded keys mean nothing here */
	}
	return true;
}

void input_key(int ch)
{
	input_tui->prompt.completions[0] = '\0';
	if (!special_key(ch)) {
		pending_key = ch == KEY_ENTER ? '\r' : ch;
		rl_callback_read_char();
	}
	sync_prompt();
}

void input_clear(void)
{
	rl_replace_line("", 0);
	rl_point = 0;
	input_tui->prompt.completions[0] = '\0';
	sync_prompt();
}
