/*
 * readfile.h - a whole file read into memory, the one fread loop of the
 * program: with an optional size cap and the reason for a failure in the
 * caller's buffer.  Callers add what they check of the text themselves.
 */
#ifndef READFILE_H
#define READFILE_H

#include <stddef.h>

/*
 * path's bytes, NUL-terminated (*lenp: their number, without the NUL), or
 * NULL with the reason in err: "cannot open: REASON" (strerror), "cannot
 * read" (an I/O error, a folder), "larger than MAX bytes" when max > 0 and
 * the file holds more than max bytes.  max 0: no cap.  lenp may be NULL.
 */
char *file_read(const char *path, size_t max, size_t *lenp, char *err, size_t errlen);

#endif
