/*
 * outfile.c - whole files or none: a temporary name, then link() or
 * rename().  A device or FIFO given with force is written in place (it
 * cannot be replaced, and renaming onto /dev/full would remove the device).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "outfile.h"

static int
exists_error(const char *path, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: the file exists (force, -f, overwrites it)", path);
	return OUTFILE_EXISTS;
}

/*
 * An existing path that is not a file: a character device or a FIFO with a
 * reader is written in place (o->tmp stays NULL); a folder or anything else
 * is refused.  A FIFO is opened without waiting: no reader is an error.
 */
static int
open_special(struct outfile *o, const struct stat *st, char *err, size_t errlen)
{
	int fd;

	if (!S_ISCHR(st->st_mode) && !S_ISFIFO(st->st_mode)) {
		snprintf(err, errlen, "%s: %s, not a file", o->path, S_ISDIR(st->st_mode) ? "a folder" : "a special file");
		return OUTFILE_IO;
	}
	if ((fd = open(o->path, O_WRONLY | O_NONBLOCK)) < 0) {
		if (errno == ENXIO)
			snprintf(err, errlen, "%s: a FIFO that no program reads; start its reader first", o->path);
		else
			snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
		return OUTFILE_IO;
	}
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 || (o->fp = fdopen(fd, "wb")) == NULL) {
		snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
		close(fd);
		return OUTFILE_IO;
	}
	return OUTFILE_OK;
}

int
outfile_open(struct outfile *o, const char *path, int force, char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	size_t dl = slash != NULL ? (size_t)(slash - path) + 1 : 0, n = strlen(path) + 16;
	mode_t um = umask(0);
	int fd;

	struct stat st;

	umask(um);	/* mkstemp makes 0600; the file gets what open() would give it */
	memset(o, 0, sizeof *o);
	if (!force && access(path, F_OK) == 0)
		return exists_error(path, err, errlen);
	o->path = path;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return open_special(o, &st, err, errlen);
	o->tmp = xmalloc(n);
	snprintf(o->tmp, n, "%.*s.%s.XXXXXX", (int)dl, path, path + dl);
	if ((fd = mkstemp(o->tmp)) < 0 || fchmod(fd, 0666 & ~um) != 0 || (o->fp = fdopen(fd, "wb")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(o->tmp);
		}
		free(o->tmp);
		o->tmp = NULL;
		return OUTFILE_IO;
	}
	return OUTFILE_OK;
}

int
outfile_write(struct outfile *o, const void *p, size_t n)
{
	if (o->err == 0 && n > 0 && fwrite(p, 1, n, o->fp) != n)
		o->err = errno != 0 ? errno : EIO;
	return o->err == 0 ? 0 : -1;
}

int
outfile_commit(struct outfile *o, int force, char *err, size_t errlen)
{
	int rc = OUTFILE_OK;

	if (ferror(o->fp) && o->err == 0)
		o->err = errno != 0 ? errno : EIO;
	if (fflush(o->fp) != 0 || (o->tmp != NULL && fsync(fileno(o->fp)) != 0))
		o->err = o->err != 0 ? o->err : errno;
	if (fclose(o->fp) != 0)
		o->err = o->err != 0 ? o->err : errno;
	o->fp = NULL;
	if (o->tmp == NULL) {	/* a device or FIFO, written in place */
		if (o->err != 0)
			snprintf(err, errlen, "%s: %s", o->path, strerror(o->err));
		return o->err != 0 ? OUTFILE_IO : OUTFILE_OK;
	}
	if (o->err != 0) {
		snprintf(err, errlen, "%s: %s", o->path, strerror(o->err));
		rc = OUTFILE_IO;
	} else if (!force && link(o->tmp, o->path) != 0) {
		/* a file system without hard links is asked first, then renamed onto */
		if (errno == EEXIST || access(o->path, F_OK) == 0)
			rc = exists_error(o->path, err, errlen);
		else if (rename(o->tmp, o->path) != 0) {
			snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
			rc = OUTFILE_IO;
		}
	} else if (force && rename(o->tmp, o->path) != 0) {
		snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
		rc = OUTFILE_IO;
	}
	unlink(o->tmp);		/* after link() or a failure; after rename() it is gone already */
	free(o->tmp);
	o->tmp = NULL;
	o->fp = NULL;
	return rc;
}

void
outfile_abort(struct outfile *o)
{
	if (o->fp != NULL)
		fclose(o->fp);
	if (o->tmp != NULL)
		unlink(o->tmp);
	free(o->tmp);
	o->tmp = NULL;
	o->fp = NULL;
}
