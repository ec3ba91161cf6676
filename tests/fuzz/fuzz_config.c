/*
 * libFuzzer harness for the terminal game's config file (config_parse_text),
 * as text (cut at a NUL, as the file is read): a refusal names the file and a
 * line; every setting taken reads back as it writes; the file the game writes
 * back (config_update_text) reads to the same settings and is written again
 * unchanged.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "tui/base/config_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every setting of a is that of b, as settings_get writes them. */
static bool same_settings(const struct settings *a, const struct settings *b)
{
	for (int i = 0; settings_keys[i]; i++) {
		char va[SETTINGS_TEXT_MAX], vb[SETTINGS_TEXT_MAX];
		if (!settings_get(a, settings_keys[i], va, sizeof va) || !settings_get(b, settings_keys[i], vb, sizeof vb))
			abort();
		if (strcmp(va, vb))
			return false;
	}
	return true;
}

/* Each value written and read again is the same value. */
static void check_each_reads_back(const struct settings *s)
{
	for (int i = 0; settings_keys[i]; i++) {
		char value[SETTINGS_TEXT_MAX], err[SETTINGS_TEXT_MAX + 100];
		struct settings again = *s;
		if (!settings_get(s, settings_keys[i], value, sizeof value) ||
		    !settings_set(&again, settings_keys[i], value, err, sizeof err) || !same_settings(s, &again))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = (char *)fuzz_input(data, size, 1 << 14);
	if (!text)
		return 0;
	char *z = realloc(text, size + 1);
	if (!z)
		abort();
	z[size] = '\0';
	struct settings s, back;
	char err[512] = "";
	settings_default(&s);
	bool ok = config_parse_text(z, "fuzz", &s, err, sizeof err);
	if (!ok && strncmp(err, "fuzz:", 5))
		abort(); /* a refusal names the file and the line */
	check_each_reads_back(&s);
	char *written = config_update_text(z, &s);
	if (!written)
		abort();
	settings_default(&back);
	config_parse_text(written, "back", &back, err, sizeof err);
	if (!same_settings(&s, &back))
		abort();
	char *again = config_update_text(written, &back);
	if (!again || strcmp(again, written))
		abort();
	free(again);
	free(written);
	free(z);
	return 0;
}
