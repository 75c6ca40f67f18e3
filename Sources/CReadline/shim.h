// GNU readline, from Debian's libreadline-dev. stdio.h must come first: readline.h uses FILE.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
