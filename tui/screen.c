/* The curses screen: colours for 256, 8 or no colours, the layout on resize, and the frame drawn from the state. */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "board_view.h"
#include "input.h"
#include "screen.h"
#include "side_panel.h"

/* Colour pairs: one per square kind and piece colour, then one per role. */
enum { PAIR_SQUARE = 1, PAIR_ROLE = PAIR_SQUARE + SQUARE_KIND_NB * COLOR_NB };

/* Square backgrounds for 256 colours (light, dark, last move light and dark, check) and for 8. */
static const short square_bg_256[SQUARE_KIND_NB] = { 180, 137, 186, 143, 167 };
static const short square_bg_8[SQUARE_KIND_NB] = { COLOR_YELLOW, COLOR_GREEN, COLOR_CYAN, COLOR_BLUE, COLOR_RED };

static void init_pairs(const struct view *v)
{
	bool rich = v->colors == COLORS_256;
	short white_fg = rich ? 231 : COLOR_WHITE, black_fg = rich ? 16 : COLOR_BLACK;
	for (int k = 0; k < SQUARE_KIND_NB; k++) {
		short bg = rich ? square_bg_256[k] : square_bg_8[k];
		init_pair((short)(PAIR_SQUARE + k * COLOR_NB + WHITE), white_fg, bg);
		init_pair((short)(PAIR_SQUARE + k * COLOR_NB + BLACK), black_fg, bg);
	}
	static const short role_fg_8[ROLE_NB] = { COLOR_CYAN,  COLOR_YELLOW, COLOR_BLUE,  COLOR_BLACK, COLOR_RED,
		                                  COLOR_GREEN, COLOR_WHITE,  COLOR_BLUE,  COLOR_GREEN };
	static const short role_fg_256[ROLE_NB] = { 109, 179, 244, 16, 203, 114, 231, 240, 114 };
	for (int r = 0; r < ROLE_NB; r++) {
		short fg = rich ? role_fg_256[r] : role_fg_8[r], bg = -1;
		if (r == ROLE_CURRENT)
			bg = rich ? 179 : COLOR_YELLOW;
		init_pair((short)(PAIR_ROLE + r), fg, bg);
	}
}

/* Picks the colours the terminal can show, as the settings ask. */
static enum color_mode resolve_colors(enum color_mode wanted)
{
	if (wanted == COLORS_MONO || !has_colors())
		return COLORS_MONO;
	start_color();
	use_default_colors();
	if (COLORS < 8 || COLOR_PAIRS < PAIR_ROLE + ROLE_NB)
		return COLORS_MONO;
	if (wanted == COLORS_8 || COLORS < 256)
		return COLORS_8;
	return COLORS_256;
}

static bool locale_is_utf8(void)
{
	const char *codeset = setlocale(LC_CTYPE, NULL);
	/* nl_langinfo would be exact, but the locale name is what every UTF-8 locale carries. */
	return codeset && (strstr(codeset, "UTF-8") || strstr(codeset, "utf8") || strstr(codeset, "UTF8") ||
	                   strstr(codeset, "utf-8"));
}

bool screen_init(struct tui *t)
{
	/* newterm, unlike initscr, returns to us when the terminal is unknown instead of exiting. */
	if (!newterm(NULL, stdout, stdin))
		return false;
	raw(); /* Ctrl-C reaches the loop as a key, so it can ask instead of killing the game */
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	timeout(50);
	t->view.colors = resolve_colors(t->set.colors);
	if (t->view.colors != COLORS_MONO)
		init_pairs(&t->view);
	t->view.unicode = !t->set.ascii && locale_is_utf8();
	screen_resize(t);
	return true;
}

void screen_end(void) { endwin(); }

void screen_resize(struct tui *t)
{
	layout_compute(LINES, COLS, &t->lay);
	t->dirty = true;
}

attr_t screen_square_attr(const struct view *v, enum square_kind kind, int piece_color)
{
	if (v->colors == COLORS_MONO) {
		/* Without colours: dark squares in reverse video, the last move underlined, check in bold blink. */
		attr_t a = kind == SQUARE_DARK || kind == SQUARE_LAST_DARK ? A_REVERSE : A_NORMAL;
		if (kind == SQUARE_LAST_LIGHT || kind == SQUARE_LAST_DARK)
			a |= A_UNDERLINE;
		if (kind == SQUARE_CHECK)
			a |= A_BOLD | A_BLINK | A_STANDOUT;
		return a | (piece_color == WHITE ? A_BOLD : A_NORMAL);
	}
	attr_t a = COLOR_PAIR(PAIR_SQUARE + (int)kind * COLOR_NB + piece_color);
	return a | (piece_color == WHITE ? A_BOLD : A_NORMAL);
}

attr_t screen_role_attr(const struct view *v, enum screen_role role)
{
	static const attr_t mono[ROLE_NB] = { A_NORMAL, A_BOLD,   A_DIM,    A_REVERSE, A_BOLD,
		                              A_BOLD,   A_NORMAL, A_NORMAL, A_BOLD };
	if (v->colors == COLORS_MONO)
		return mono[role];
	attr_t bold = role == ROLE_HEADING || role == ROLE_ERROR || role == ROLE_RESULT || role == ROLE_TO_MOVE
	                  ? A_BOLD
	                  : A_NORMAL;
	return COLOR_PAIR(PAIR_ROLE + (int)role) | bold;
}

/* Cells the UTF-8 text s takes, one per character (the program writes nothing wider). */
static int text_cells(const char *s, size_t len)
{
	int cells = 0;
	for (size_t i = 0; i < len; i++)
		cells += ((unsigned char)s[i] & 0xc0) != 0x80;
	return cells;
}

void screen_put(int y, int x, int width, const char *s, attr_t attr)
{
	if (width <= 0)
		return;
	size_t len = strlen(s);
	/* Cut whole characters until it fits. */
	while (len > 0 && text_cells(s, len) > width) {
		len--;
		while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80)
			len--;
	}
	attron(attr);
	mvaddnstr(y, x, s, (int)len);
	for (int c = text_cells(s, len); c < width; c++)
		addch(' ');
	attroff(attr);
}

static void draw_too_small(const struct tui *t)
{
	char line[96];
	int y = LINES / 2 - 1 > 0 ? LINES / 2 - 1 : 0;
	snprintf(line, sizeof line, "Terminal too small (%dx%d)", COLS, LINES);
	mvaddnstr(y, 0, line, COLS);
	snprintf(line, sizeof line, "needs %dx%d", LAYOUT_MIN_COLS, LAYOUT_MIN_LINES);
	mvaddnstr(y + 1, 0, line, COLS);
	(void)t;
}

static const char *const help_lines[] = {
	"Outpost: commands (a prefix is enough) and keys",
	"",
	"  e4, Nf3, O-O, exd5, e7e8=Q  a move in SAN (or e2e4); Tab completes",
	"  new           a new game (the old one goes to the archive)",
	"  undo / redo   take back your last move (and the reply) / replay it",
	"  hint          the engine suggests a move",
	"  go            the engine plays the side to move from now on",
	"  analyze       analyse your position while it is your turn (toggle)",
	"  level N       engine level 0-20         elo N | elo off",
	"  time 5+3      clocks: minutes + seconds a move   time off",
	"  side white    play White (or black)    flip   turn the board",
	"  fen           show the position's FEN  setup FEN   set one up",
	"  save F.pgn    save the game            load F.pgn  continue a game",
	"  claim         claim a draw (threefold, fifty moves)",
	"  draw          offer a draw             resign   give up",
	"  quit          quit; the game is kept and resumes next time",
	"",
	"  F1, ?  this help     F2 flip     PgUp/PgDn scroll the moves",
	"  Up/Down history      Ctrl-C quit (asks)",
	"",
	"Press any key to go back to the game.",
};

static void draw_help(void)
{
	int n = (int)(sizeof help_lines / sizeof help_lines[0]);
	int y0 = LINES > n ? (LINES - n) / 2 : 0;
	for (int i = 0; i < n && y0 + i < LINES; i++)
		mvaddnstr(y0 + i, 2, help_lines[i], COLS - 2);
}

void screen_draw(struct tui *t)
{
	erase();
	if (t->lay.too_small) {
		draw_too_small(t);
	} else if (t->show_help) {
		draw_help();
	} else {
		board_view_draw(t);
		side_panel_draw(t);
		side_panel_draw_status(t);
		input_draw(t, &t->lay.input);
	}
	refresh();
	t->dirty = false;
}
