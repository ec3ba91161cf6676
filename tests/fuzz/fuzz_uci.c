/*
 * libFuzzer harness for the UCI command loop: the input is a script of commands, fed to uci_loop as its whole
 * standard input, its answers going to /dev/null.  Any crash, sanitizer report, leak or hang is a finding.  A
 * search ends at the next command that changes the engine or at the end of the script, so every go is brief;
 * what could make one run long or take much memory is kept small: setoption lines asking for more than
 * FUZZ_MAX_HASH MB of Hash or FUZZ_MAX_THREADS threads are dropped before the loop sees them.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/uci.h"

#define FUZZ_MAX_HASH 16
#define FUZZ_MAX_THREADS 2

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Is this line a setoption for Hash or Threads above the harness's limits? */
static bool too_big(const char *line, size_t len)
{
	char copy[256];
	if (len >= sizeof copy)
		len = sizeof copy - 1;
	for (size_t i = 0; i < len; i++)
		copy[i] = (char)tolower((unsigned char)line[i]);
	copy[len] = '\0';
	if (!strstr(copy, "setoption"))
		return false;
	long cap = strstr(copy, "hash") ? FUZZ_MAX_HASH : strstr(copy, "threads") ? FUZZ_MAX_THREADS : -1;
	const char *value = strstr(copy, "value");
	if (cap < 0 || !value)
		return false;
	value += 5;
	value += strspn(value, " \t");
	return strtol(value, NULL, 10) > cap || len == sizeof copy - 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	char *script = malloc(size + 1);
	size_t n = 0;
	for (size_t i = 0; i < size;) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t len = nl ? (size_t)(nl - (data + i)) + 1 : size - i;
		if (!too_big((const char *)data + i, len)) {
			memcpy(script + n, data + i, len);
			n += len;
		}
		i += len;
	}
	if (n > 0) {
		FILE *in = fmemopen(script, n, "r");
		if (!in)
			abort();
		uci_loop(in, sink);
		fclose(in);
	}
	free(script);
	return 0;
}
