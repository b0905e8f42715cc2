/*
 * fuzz_dir.h - the model harnesses' scratch folder: made once under /tmp
 * (fuzzed bytes become files there), with a symbolic link NAME to a file or
 * folder of tests/model when name is not NULL.  fuzz_file() writes the
 * bytes as the file NAME there, into path.  Both abort when they cannot.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *
fuzz_dir(const char *prefix, const char *name, const char *target)
{
	static char dir[64];
	char path[128], real[PATH_MAX];

	if (dir[0] != '\0')
		return dir;
	snprintf(dir, sizeof dir, "/tmp/fuzz-%s-XXXXXX", prefix);
	if (mkdtemp(dir) == NULL)
		abort();
	if (name != NULL) {
		snprintf(path, sizeof path, "%s/%s", dir, name);
		if (realpath(target, real) == NULL || symlink(real, path) != 0)
			abort();
	}
	return dir;
}

static void
fuzz_file(const char *dir, const char *name, const unsigned char *data, size_t size, char *path, size_t len)
{
	FILE *fp;

	snprintf(path, len, "%s/%s", dir, name);
	if ((fp = fopen(path, "wb")) == NULL)
		abort();
	fwrite(data, 1, size, fp);
	fclose(fp);
}
