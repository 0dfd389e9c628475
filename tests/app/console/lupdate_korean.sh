#!/bin/sh
# lupdate over every tr() of widgets/ and app/, into a copy of the Korean
# translation: no message may be left unfinished (new, or changed since it
# was translated). The fix is `cmake --build --target update_translations`
# and translating what it marks.
# usage: lupdate_korean.sh LUPDATE SOURCE_DIR WORK_DIR
set -eu
lupdate=$1 src=$2 dir=$3
copy=$dir/hetsched_ko.check.ts
cp "$src/translations/hetsched_ko.ts" "$copy"
"$lupdate" -silent -no-obsolete -locations none -extensions cpp,h "$src/widgets" "$src/app" -ts "$copy" > "$dir/lupdate.log" 2>&1 \
  || { cat "$dir/lupdate.log"; exit 1; }
unfinished=$(grep -c 'type="unfinished"' "$copy" || true)
if [ "$unfinished" -ne 0 ]; then
  echo "lupdate: $unfinished unfinished Korean message(s):"
  grep -B3 'type="unfinished"' "$copy" | grep "<source>" | head -50
  exit 1
fi
echo "lupdate: every Korean message finished"
