/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-json.h: a tiny deterministic JSON writer.
 *
 * Keys come out in the order they are written and nothing is ever
 * reordered, so two runs of the same script produce byte-identical answers
 * that tests can compare as strings. Output is compact (no spaces, no
 * newline). Commas are inserted automatically.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _SandJson SandJson;

SandJson   *sand_json_new            (void);
void        sand_json_free           (SandJson   *self);
/* Closes every open object/array and returns the text. */
char       *sand_json_free_to_string (SandJson   *self);
/* The text written so far (not necessarily complete). */
const char *sand_json_peek           (SandJson   *self);
/* Forgets everything written so far. */
void        sand_json_reset          (SandJson   *self);
/* Closes every open object/array. */
void        sand_json_close_all      (SandJson   *self);
/* Number of open objects/arrays. */
guint       sand_json_depth          (SandJson   *self);

void        sand_json_begin_object   (SandJson   *self);
void        sand_json_end_object     (SandJson   *self);
void        sand_json_begin_array    (SandJson   *self);
void        sand_json_end_array      (SandJson   *self);
/* Inside an object: the key of the next value. */
void        sand_json_key            (SandJson   *self,
                                      const char *key);

/* Values: in an array, or after sand_json_key. A NULL string is null. */
void        sand_json_string         (SandJson   *self,
                                      const char *value);
void        sand_json_printf         (SandJson   *self,
                                      const char *format,
                                      ...) G_GNUC_PRINTF (2, 3);
void        sand_json_int            (SandJson   *self,
                                      gint64      value);
void        sand_json_bool           (SandJson   *self,
                                      gboolean    value);
void        sand_json_null           (SandJson   *self);
/* Appends @text verbatim as one value; the caller vouches that it is JSON. */
void        sand_json_raw            (SandJson   *self,
                                      const char *text);

/* key + value in one call, for objects. */
void        sand_json_member_string  (SandJson   *self,
                                      const char *key,
                                      const char *value);
void        sand_json_member_int     (SandJson   *self,
                                      const char *key,
                                      gint64      value);
void        sand_json_member_bool    (SandJson   *self,
                                      const char *key,
                                      gboolean    value);
void        sand_json_member_null    (SandJson   *self,
                                      const char *key);

/* Appends @text to @out as a quoted JSON string. */
void        sand_json_escape         (GString    *out,
                                      const char *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SandJson, sand_json_free)

G_END_DECLS
