/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* sandtable-cli render FILE -o OUT.png|.svg|.pdf [--scale S] [--no-ids]
 * [--no-counters]; argv[0] is the subcommand's name. Returns 0 when the
 * image was written, 2 when the input is unreadable or the output
 * unwritable. */
int sand_cli_render (int argc, char **argv);
