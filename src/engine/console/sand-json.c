/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "sand-json.h"

#include <stdarg.h>

/* One entry per open container: whether it is an array, and whether the
 * next item needs a comma before it. */
typedef struct {
  gboolean array;
  gboolean has_items;
} Frame;

struct _SandJson {
  GString *text;
  GArray *stack; /* Frame */
  gboolean after_key;
};

SandJson *
sand_json_new (void)
{
  SandJson *self = g_new0 (SandJson, 1);

  self->text = g_string_sized_new (128);
  self->stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  return self;
}

void
sand_json_free (SandJson *self)
{
  if (self == NULL)
    return;
  g_string_free (self->text, TRUE);
  g_array_unref (self->stack);
  g_free (self);
}

char *
sand_json_free_to_string (SandJson *self)
{
  char *text;

  g_return_val_if_fail (self != NULL, NULL);

  sand_json_close_all (self);
  text = g_string_free (self->text, FALSE);
  g_array_unref (self->stack);
  g_free (self);
  return text;
}

const char *
sand_json_peek (SandJson *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->text->str;
}

void
sand_json_reset (SandJson *self)
{
  g_return_if_fail (self != NULL);
  g_string_truncate (self->text, 0);
  g_array_set_size (self->stack, 0);
  self->after_key = FALSE;
}

guint
sand_json_depth (SandJson *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->stack->len;
}

static Frame *
top (SandJson *self)
{
  if (self->stack->len == 0)
    return NULL;
  return &g_array_index (self->stack, Frame, self->stack->len - 1);
}

/* Before any value: a comma when it follows an item of an array. */
static void
begin_value (SandJson *self)
{
  Frame *frame = top (self);

  if (self->after_key)
    {
      self->after_key = FALSE;
      return;
    }
  if (frame != NULL)
    {
      if (!frame->array)
        g_critical ("sand_json: a value inside an object needs a key");
      if (frame->has_items)
        g_string_append_c (self->text, ',');
      frame->has_items = TRUE;
    }
}

void
sand_json_key (SandJson   *self,
               const char *key)
{
  Frame *frame;

  g_return_if_fail (self != NULL);
  g_return_if_fail (key != NULL);

  frame = top (self);
  g_return_if_fail (frame != NULL && !frame->array && !self->after_key);

  if (frame->has_items)
    g_string_append_c (self->text, ',');
  frame->has_items = TRUE;
  sand_json_escape (self->text, key);
  g_string_append_c (self->text, ':');
  self->after_key = TRUE;
}

static void
push (SandJson *self,
      gboolean  array)
{
  Frame frame = { array, FALSE };

  begin_value (self);
  g_string_append_c (self->text, array ? '[' : '{');
  g_array_append_val (self->stack, frame);
}

static void
pop (SandJson *self,
     gboolean  array)
{
  Frame *frame = top (self);

  g_return_if_fail (frame != NULL && frame->array == array);
  if (self->after_key)
    {
      /* A key without a value would make invalid JSON. */
      g_string_append (self->text, "null");
      self->after_key = FALSE;
    }
  g_string_append_c (self->text, array ? ']' : '}');
  g_array_set_size (self->stack, self->stack->len - 1);
}

void
sand_json_begin_object (SandJson *self)
{
  g_return_if_fail (self != NULL);
  push (self, FALSE);
}

void
sand_json_end_object (SandJson *self)
{
  g_return_if_fail (self != NULL);
  pop (self, FALSE);
}

void
sand_json_begin_array (SandJson *self)
{
  g_return_if_fail (self != NULL);
  push (self, TRUE);
}

void
sand_json_end_array (SandJson *self)
{
  g_return_if_fail (self != NULL);
  pop (self, TRUE);
}

void
sand_json_close_all (SandJson *self)
{
  g_return_if_fail (self != NULL);
  while (self->stack->len > 0)
    pop (self, top (self)->array);
}

void
sand_json_escape (GString    *out,
                  const char *text)
{
  const char *p;

  g_string_append_c (out, '"');
  for (p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        case '\b':
          g_string_append (out, "\\b");
          break;
        case '\f':
          g_string_append (out, "\\f");
          break;
        default:
          if (c < 0x20 || c == 0x7f)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

/* Invalid UTF-8 would make the whole answer unreadable to a JSON parser;
 * such bytes become U+FFFD. */
static void
append_string (GString    *out,
               const char *value)
{
  if (g_utf8_validate (value, -1, NULL))
    {
      sand_json_escape (out, value);
    }
  else
    {
      g_autofree char *valid = g_utf8_make_valid (value, -1);
      sand_json_escape (out, valid);
    }
}

void
sand_json_string (SandJson   *self,
                  const char *value)
{
  g_return_if_fail (self != NULL);

  begin_value (self);
  if (value == NULL)
    g_string_append (self->text, "null");
  else
    append_string (self->text, value);
}

void
sand_json_printf (SandJson   *self,
                  const char *format,
                  ...)
{
  g_autofree char *text = NULL;
  va_list ap;

  g_return_if_fail (self != NULL);
  g_return_if_fail (format != NULL);

  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  sand_json_string (self, text);
}

void
sand_json_int (SandJson *self,
               gint64    value)
{
  g_return_if_fail (self != NULL);
  begin_value (self);
  g_string_append_printf (self->text, "%" G_GINT64_FORMAT, value);
}

void
sand_json_bool (SandJson *self,
                gboolean  value)
{
  g_return_if_fail (self != NULL);
  begin_value (self);
  g_string_append (self->text, value ? "true" : "false");
}

void
sand_json_null (SandJson *self)
{
  g_return_if_fail (self != NULL);
  begin_value (self);
  g_string_append (self->text, "null");
}

void
sand_json_raw (SandJson   *self,
               const char *text)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (text != NULL);
  begin_value (self);
  g_string_append (self->text, text);
}

void
sand_json_member_string (SandJson   *self,
                         const char *key,
                         const char *value)
{
  sand_json_key (self, key);
  sand_json_string (self, value);
}

void
sand_json_member_int (SandJson   *self,
                      const char *key,
                      gint64      value)
{
  sand_json_key (self, key);
  sand_json_int (self, value);
}

void
sand_json_member_bool (SandJson   *self,
                       const char *key,
                       gboolean    value)
{
  sand_json_key (self, key);
  sand_json_bool (self, value);
}

void
sand_json_member_null (SandJson   *self,
                       const char *key)
{
  sand_json_key (self, key);
  sand_json_null (self);
}
