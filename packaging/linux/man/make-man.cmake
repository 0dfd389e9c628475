# Fills a man page template: each line `@HELP <args>@` becomes PROGRAM's
# output for those arguments (its --help), set as a preformatted block, so
# the options in the man page are always the ones the program has.
# cmake -DPROGRAM=... -DTEMPLATE=... -DOUTPUT=... -DVERSION=... -P make-man.cmake
file(READ "${TEMPLATE}" page)
while(page MATCHES "\n@HELP([^@\n]*)@\n")
  set(placeholder "@HELP${CMAKE_MATCH_1}@")
  separate_arguments(arguments UNIX_COMMAND "${CMAKE_MATCH_1}")
  execute_process(COMMAND "${PROGRAM}" ${arguments}
                  OUTPUT_VARIABLE help ERROR_VARIABLE help RESULT_VARIABLE rc)
  # Some of hetsched's commands print their usage to stderr and exit 2
  # even when asked for it ("unknown option '--help'"); the usage is what
  # the page wants either way.
  string(REGEX REPLACE "^[^\n]*'--help'[^\n]*\n+" "" help "${help}")
  if(NOT rc EQUAL 0 AND NOT help MATCHES "^usage:")
    message(FATAL_ERROR "${PROGRAM}${CMAKE_MATCH_1} failed (${rc}): ${help}")
  endif()
  # roff: a backslash is \e, a line may not start with . or ', and \- is
  # the minus sign that options are typed with.
  string(REPLACE "\\" "\\e" help "${help}")
  string(REPLACE "-" "\\-" help "${help}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
  string(REGEX REPLACE "\n+$" "" help "${help}")
  string(REPLACE "${placeholder}" ".PP\n.nf\n.RS 2\n${help}\n.RE\n.fi" page "${page}")
endwhile()
string(REPLACE "@VERSION@" "${VERSION}" page "${page}")
file(WRITE "${OUTPUT}" "${page}")
