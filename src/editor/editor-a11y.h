/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-a11y.h: an accessible name for every control (issue 20, item 4).
 *
 * GTK 4.8 names a control after its class ("GtkImage", "GtkDropDown")
 * when nothing names it, and reads a mnemonic's underscore along with its
 * label ("_Open Open"). This names such controls from what a sighted user
 * reads for them, so no new string needs translating: an icon button or a
 * menu button by its tooltip (less a trailing shortcut such as
 * "(Ctrl+O)"), a labelled button by its label without the underscore, a
 * dropdown, entry or spin button by its tooltip, its placeholder, the row
 * it sits in, its column's title or the label before it; a dropdown's
 * inner button as the dropdown; a list row by its title or its text.
 * Controls GTK already names well (a button with a plain label) are left
 * alone; so is any widget with the object data "editor-a11y-keep" set,
 * whose code names it itself.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Names the controls of every widget as it is mapped, and the whole tree
 * of a window as it is mapped (pages not shown yet included). Once per
 * process; the application calls it at startup. */
void  editor_a11y_install     (void);
/* Names the controls under @widget now. */
void  editor_a11y_name_tree   (GtkWidget *widget);
/* The name given to @widget, or NULL: for tests. */
const char *editor_a11y_get_name (GtkWidget *widget);

G_END_DECLS
