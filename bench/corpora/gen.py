#!/usr/bin/env python3
"""Generates the eight benchmark corpora of litenc, deterministically.

    python3 bench/corpora/gen.py            # writes bench/corpora/*.txt

Each corpus is about 100 KB of UTF-8, built from the word lists below (or,
for the three dense in emoji, from the man pages of this machine) with a
fixed linear congruential generator, so every machine gets the same bytes
(the script prints their SHA-256 prefixes). The corpora:

- english: mostly ASCII English prose, with the few non-ASCII characters real
  English text has (curly quotes, dashes, ellipses, euro signs), all of which
  Windows-1251 can hold.
- russian: Russian prose in Cyrillic, spaces, ASCII punctuation and digits,
  and the typographic characters Windows-1251 has (« » — №).
- chinese: Chinese prose in common Han characters with full-width punctuation
  and an occasional ASCII number.
- emoji: chat-like mixed text: English and Russian words, Han characters and
  about one emoji (supplementary plane, 4 UTF-8 bytes) in four tokens.
- ru_emoji: the lines of the Russian man pages under /usr/share/man/ru that
  hold Cyrillic, in file name order, with an emoji after every word (chat
  text as some people write it): a supplementary character every seventeen
  bytes or so.
- zh_emoji: the lines of the Chinese man pages under /usr/share/man/zh_CN
  that hold Han characters, with an emoji after every Han character and
  full-width punctuation mark (the ASCII words between them, commands and
  options, left as they are): a supplementary character in every seven
  bytes or so.
- emoji_only: emoji of the supplementary planes alone, a line break after
  twenty to sixty of them.
- ru_letter_emoji: the lines of ru_emoji with an emoji after every Cyrillic
  letter instead: one character in two outside the Basic Multilingual Plane.

The four dense in emoji take the man pages through `man.py`'s reader (the
`manpages-ru` and `manpages-zh` packages); the emoji are drawn from the
supplementary-plane ones of the list below by the same generator, so a
machine with the same pages gets the same bytes. Where the text is shorter
than asked for (the Chinese pages hold about 65 KB of it, the texts read once
ask for ten times 100 KB), it starts again from the first line, with other
emoji.
"""

import hashlib
import os
import re
import sys

TARGET = 100_000
# The texts read once (`<name>_once.txt`): this many corpora's worth of the
# same generator's text, whose first corpus is `<name>.txt`.
WINDOWS = 10


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def next(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.state >> 33) % n

    def pick(self, xs):
        return xs[self.next(len(xs))]


EN = """the of and to in is was that for it as with his on be at by had are
but from or have an they which one you were her all she there would their we
him been has when who will more no if out so said what up its about into than
them can only other new some could time these two may then do first any my now
such like our over man me even most made after also did many before must
through years where much your way well down should because each just those
people how too little state good very make world still own see men work long
get here between both life being under never day same another know while last
might us great old year off come since against go came right used take three
encoding bytes string literal compile buffer window character table decoder
encoder value input output length error valid surrogate unit code point fast
benchmark memory vector constant function module crate library""".split()

RU = """и в не на я быть он с что а по это она этот к но они мы как из у
который то за свой что весь год от так о для ты же все тот мочь вы человек
такой его сказать только или ещё бы себя один как уже до время если сам когда
другой вот говорить наш мой знать стать при чтобы дело жизнь кто первый очень
два день её новый рука даже во со раз где там под можно ну какой после их
работа без самый потом надо хотеть ли слово идти большой должен место иметь
ничто строка кодировка байт буфер окно символ таблица декодер кодировщик
значение вход выход длина ошибка память вектор функция модуль библиотека
Москва Россия Пётр Ёлка объём подъезд щука цифра юг эхо""".split()

RU_PUNCT = [",", ".", "!", "?", ":", ";", " —", " «", "» ", " №"]

ZH = ("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动"
      "同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理"
      "起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平"
      "形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建"
      "月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求"
      "老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回"
      "则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认"
      "六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完"
      "类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装"
      "影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团"
      "往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层"
      "片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严编码字节缓冲区窗口字符表解码器")
ZH_PUNCT = ["，", "。", "、", "；", "：", "？", "！", "“", "”", "《", "》"]

EMOJI = ("😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🤩🥳😏😒"
         "😞😔😟😕🙁😣😖😫😩🥺😢😭😤😠😡🤬🤯😳🥵🥶😱😨😰😥😓🤗🤔🤭🤫🤥😶😐😑"
         "👍👎👌✌🤞🤟🤘🤙👈👉👆👇☝✋🤚🖐🖖👋🤝🙏💪🦾🔥✨🎉🎊🎈🚀🌍🌈⭐🍕🍔🍟🌮"
         "🍣🍜🍩🍪🎂☕🍺🍷🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵💯💥💫💬🗨💭❤🧡💛💚💙💜")


def english(rng, target=TARGET):
    out, n, sentence = [], 0, 0
    while n < target:
        words = [rng.pick(EN) for _ in range(4 + rng.next(14))]
        words[0] = words[0].capitalize()
        s = " ".join(words)
        r = rng.next(40)
        if r == 0:
            s = "\u201c" + s + ",\u201d he said"
        elif r == 1:
            s += " \u2014 " + rng.pick(EN)
        elif r == 2:
            s += "\u2026"
        elif r == 3:
            s += f" for \u20ac{rng.next(1000)}"
        elif r == 4:
            s += f" in {1900 + rng.next(125)}"
        s += rng.pick([".", ".", ".", "?", "!"]) + " "
        sentence += 1
        if sentence % 6 == 0:
            s += "\n"
        out.append(s)
        n += len(s.encode())
    return "".join(out)


def russian(rng, target=TARGET):
    out, n, sentence = [], 0, 0
    while n < target:
        words = [rng.pick(RU) for _ in range(4 + rng.next(12))]
        words[0] = words[0].capitalize()
        parts = []
        for w in words:
            parts.append(w)
            if rng.next(8) == 0:
                parts[-1] += rng.pick(RU_PUNCT)
        s = " ".join(parts)
        if rng.next(15) == 0:
            s += f" {rng.next(10000)}"
        s += rng.pick([".", ".", ".", "?", "!"]) + " "
        sentence += 1
        if sentence % 6 == 0:
            s += "\n"
        out.append(s)
        n += len(s.encode())
    return "".join(out)


def chinese(rng, target=TARGET):
    out, n, sentence = [], 0, 0
    while n < target:
        s = ""
        for _ in range(1 + rng.next(4)):
            s += "".join(rng.pick(ZH) for _ in range(3 + rng.next(12)))
            s += rng.pick(ZH_PUNCT[:3])
        if rng.next(10) == 0:
            s += f"{rng.next(2025)}年"
        s = s[:-1] + rng.pick(["。", "。", "？", "！"])
        sentence += 1
        if sentence % 8 == 0:
            s += "\n"
        out.append(s)
        n += len(s.encode())
    return "".join(out)


def emoji(rng, target=TARGET):
    out, n = [], 0
    while n < target:
        r = rng.next(8)
        if r < 2:
            tok = rng.pick(EMOJI)
            if rng.next(3) == 0:
                tok += rng.pick(EMOJI)
        elif r < 5:
            tok = rng.pick(EN)
        elif r < 7:
            tok = rng.pick(RU)
        else:
            tok = "".join(rng.pick(ZH) for _ in range(1 + rng.next(3)))
        tok += "\n" if rng.next(25) == 0 else " "
        out.append(tok)
        n += len(tok.encode())
    return "".join(out)


# The emoji of the list above outside the Basic Multilingual Plane (the
# handful of BMP symbols, `✌` `☕` `❤`, left out): four bytes of UTF-8, a
# surrogate pair of UTF-16, six bytes of MUTF-8 each.
SUPPLEMENTARY = [e for e in EMOJI if ord(e) > 0xFFFF]


def man_lines(lang, script):
    """The lines of the man pages in `lang` that hold a character of `script`
    (a regular expression), through `man.py`'s reader."""
    import man

    return [line for line in man.page_lines(lang) if re.search(script, line)]


def dense(rng, target, lines, mark):
    """`lines` again and again, until `target` bytes, with an emoji after
    every match of `mark` (a regular expression) in them."""
    out, n, k = [], 0, 0
    while n < target:
        line = re.sub(mark, lambda m: m.group(0) + rng.pick(SUPPLEMENTARY),
                      lines[k % len(lines)]) + "\n"
        k += 1
        out.append(line)
        n += len(line.encode())
    return "".join(out)


def ru_emoji(rng, target=TARGET):
    return dense(rng, target, man_lines("ru", "[А-Яа-яЁё]"), r"\S+")


def zh_emoji(rng, target=TARGET):
    return dense(rng, target, man_lines("zh_CN", "[\u4e00-\u9fff]"),
                 "[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def ru_letter_emoji(rng, target=TARGET):
    return dense(rng, target, man_lines("ru", "[А-Яа-яЁё]"), "[А-Яа-яЁё]")


def emoji_only(rng, target=TARGET):
    out, n = [], 0
    while n < target:
        line = "".join(rng.pick(SUPPLEMENTARY) for _ in range(20 + rng.next(41))) + "\n"
        out.append(line)
        n += len(line.encode())
    return "".join(out)


CORPORA = {"english": english, "russian": russian, "chinese": chinese, "emoji": emoji,
           "ru_emoji": ru_emoji, "zh_emoji": zh_emoji, "emoji_only": emoji_only,
           "ru_letter_emoji": ru_letter_emoji}


def generate(name, target=TARGET):
    """The text of corpus `name`: `target` bytes or a little more, from its own seed."""
    seed = list(CORPORA).index(name) + 1
    return CORPORA[name](Lcg(seed * 0x9E3779B97F4A7C15 % 2**64), target)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for name in CORPORA:
        for path, text in ((name + ".txt", generate(name)),
                           (name + "_once.txt", generate(name, WINDOWS * TARGET))):
            data = text.encode()
            with open(os.path.join(here, path), "wb") as f:
                f.write(data)
            ascii_share = sum(b < 0x80 for b in data) / len(data)
            print(f"{path}: {len(data)} bytes, {len(text)} chars, {ascii_share:.0%} ASCII "
                  f"bytes, sha256 {hashlib.sha256(data).hexdigest()[:16]}", file=sys.stderr)


if __name__ == "__main__":
    main()
