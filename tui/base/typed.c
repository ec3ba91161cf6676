/* What people type, made exact: readable text, completed FENs, ~ in file names. */
#include <langinfo.h>
#include <locale.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "typed.h"

bool typed_locale_utf8(void)
{
	const char *set = nl_langinfo(CODESET);
	return set && (!strcasecmp(set, "UTF-8") || !strcasecmp(set, "utf8"));
}

const char *typed_locale_name(void)
{
	const char *name = setlocale(LC_CTYPE, NULL);
	return name && *name ? name : "C";
}

/* Bytes of the valid UTF-8 character at s, or 0 when s starts none (overlong forms and surrogates included). */
static size_t utf8_char(const unsigned char *s)
{
	if (s[0] < 0x80)
		return 1;
	size_t n = s[0] >= 0xc2 && s[0] <= 0xdf   ? 2
	           : s[0] >= 0xe0 && s[0] <= 0xef ? 3
	           : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
	                                          : 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((n == 3 && s[0] == 0xe0 && s[1] < 0xa0) || (n == 3 && s[0] == 0xed && s[1] >= 0xa0) ||
	    (n == 4 && s[0] == 0xf0 && s[1] < 0x90) || (n == 4 && s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

/* Bytes of the readable character at s, or 0. */
static size_t readable_char(const char *s, bool utf8)
{
	const unsigned char *u = (const unsigned char *)s;
	if (u[0] < 0x80)
		return 1;
	return utf8 ? utf8_char(u) : 0;
}

bool typed_readable(const char *s, bool utf8)
{
	for (size_t n; *s; s += n)
		if (!(n = readable_char(s, utf8)))
			return false;
	return true;
}

void typed_printable(char *s, bool utf8)
{
	while (*s) {
		size_t n = readable_char(s, utf8);
		if (n == 0 || (unsigned char)*s < 0x20 || *s == 0x7f) {
			*s++ = '?';
			continue;
		}
		s += n;
	}
}

/* The board's first (rank 8) or last (rank 1) rank expanded to eight characters, '.' for empty; false if malformed. */
static bool board_rank(const char *board, int rank, char squares[8])
{
	const char *p = board;
	for (int skip = 7 - rank; skip > 0; skip--) {
		p = strchr(p, '/');
		if (!p++)
			return false;
	}
	int file = 0;
	for (; *p && *p != '/' && *p != ' ' && file < 8; p++) {
		if (*p >= '1' && *p <= '8')
			for (int k = *p - '0'; k > 0 && file < 8; k--)
				squares[file++] = '.';
		else
			squares[file++] = *p;
	}
	return file == 8;
}

/* "KQkq" less the rights whose king (e-file) or rook (corner) is not on its standard square; "-" for none. */
static void standard_rights(const char *board, char out[5])
{
	char first[8], last[8];
	int n = 0;
	if (!board_rank(board, 0, first) || !board_rank(board, 7, last)) {
		snprintf(out, 5, "%s", "KQkq"); /* the reader will say what is wrong with the board */
		return;
	}
	if (first[4] == 'K' && first[7] == 'R')
		out[n++] = 'K';
	if (first[4] == 'K' && first[0] == 'R')
		out[n++] = 'Q';
	if (last[4] == 'k' && last[7] == 'r')
		out[n++] = 'k';
	if (last[4] == 'k' && last[0] == 'r')
		out[n++] = 'q';
	if (!n)
		out[n++] = '-';
	out[n] = '\0';
}

int typed_complete_fen(const char *fen, char *out, size_t len)
{
	char rights[5], rest[3][24];
	standard_rights(fen + strspn(fen, " "), rights);
	snprintf(rest[0], sizeof rest[0], " w %s - 0 1", rights);
	snprintf(rest[1], sizeof rest[1], " %s - 0 1", rights);
	snprintf(rest[2], sizeof rest[2], "%s", " - 0 1");
	int fields = 0;
	for (const char *p = fen; *p;) {
		while (*p == ' ')
			p++;
		if (*p)
			fields++;
		while (*p && *p != ' ')
			p++;
	}
	size_t n = strlen(fen);
	while (n && fen[n - 1] == ' ')
		n--;
	int added = fields >= 1 && fields <= 3 ? 4 - fields : 0;
	int w = snprintf(out, len, "%.*s%s", (int)n, fen, added ? rest[fields - 1] : "");
	if (w < 0 || (size_t)w >= len) {
		snprintf(out, len, "%s", fen);
		return 0;
	}
	return added;
}

void typed_fen_defaults(const char *fen, int added, char *out, size_t len)
{
	char board[80], side[4], castling[8];
	out[0] = '\0';
	if (added <= 0 || sscanf(fen, "%79s %3s %7s", board, side, castling) < 3)
		return;
	const char *rights = strcmp(castling, "-") ? castling : "none";
	if (added >= 2)
		snprintf(out, len, " (%s given: castling %s, no en passant)", added == 3 ? "only the board" : "no castling",
		         rights);
	else
		snprintf(out, len, " (no en passant square given)");
}

bool typed_expand_home(const char *name, char *out, size_t len)
{
	snprintf(out, len, "%s", name);
	if (name[0] != '~')
		return true;
	size_t user_len = strcspn(name + 1, "/");
	const char *home = NULL;
	if (user_len == 0) {
		home = getenv("HOME");
		if (!home || !*home) {
			struct passwd *pw = getpwuid(getuid());
			home = pw ? pw->pw_dir : NULL;
		}
	} else {
		char user[256];
		if (user_len >= sizeof user)
			return false;
		memcpy(user, name + 1, user_len);
		user[user_len] = '\0';
		struct passwd *pw = getpwnam(user);
		home = pw ? pw->pw_dir : NULL;
	}
	if (!home)
		return false;
	int w = snprintf(out, len, "%s%s", home, name + 1 + user_len);
	if (w < 0 || (size_t)w >= len) {
		snprintf(out, len, "%s", name);
		return false;
	}
	return true;
}
