/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

int sand_cli_print_kit (int argc, char **argv);
