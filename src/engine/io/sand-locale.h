/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sets the program's locale from the environment and binds Sandtable's
 * message catalogue: the build tree's po/ when the program runs from the
 * build tree (so an uninstalled editor or CLI speaks the user's language),
 * $SANDTABLE_LOCALEDIR when set, else the installed LOCALEDIR. */
void        sand_locale_init        (void);

/* The folder sand_locale_init() bound the catalogue to. */
const char *sand_locale_dir         (void);

G_END_DECLS
