/// One token of a size text: the words, numbers and marks ``DimensionsReader`` reads.
///
/// The tokens are small on purpose: a number is only its digits (a decimal comma and a
/// thousands comma already told apart), a fraction only its value, a word only its
/// lowercased letters. Which number a word or mark belongs to is the grammar's business.
struct SizeToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// Digits, with a decimal point or comma: `213.4`, `213,4`, `1,200` (a thousands comma).
        case number(Double)
        /// `1/2` written with a slash, or one of the unicode fractions (`½`).
        case fraction(Double)
        /// A run of letters, lowercased.
        case word(String)
        /// `"`, `''`, `″`, `”`, `“`: inches.
        case inchMark
        /// `'`, `′`, `’`, `‘`: feet.
        case footMark
        /// `x`, `X`, `×`, `*`: one size by another.
        case times
        /// `-`, `–`, `—`, `~`: a range, or a hyphen.
        case dash
        /// `Ø`, `ø`, `⌀`: a diameter.
        case diameter
        /// `:` or `=`: what comes before names what follows.
        case colon
        /// `,` between words (not a decimal or thousands comma).
        case comma
        /// `.` not inside a number.
        case period
        /// `(`, `)`, `[`, `]`.
        case bracket
        /// `;`, a line break, `|`, `•`: one statement ends.
        case end
        /// `²`, `³`: an area or a volume, not a length.
        case power
        /// Anything else (`%`, `#`, `/` on its own, `+`, …).
        case other
    }

    var kind: Kind
    /// Where it starts and ends in the text's unicode scalars.
    var range: Range<Int>
    /// Whether white space comes right before it.
    var spaced: Bool
}

extension SizeToken {
    /// The tokens of `scalars`.
    static func tokens(_ scalars: [Unicode.Scalar]) -> [SizeToken] {
        var tokens: [SizeToken] = []
        var i = 0
        var spaced = false
        func add(_ kind: Kind, _ start: Int, _ end: Int) {
            tokens.append(SizeToken(kind: kind, range: start..<end, spaced: spaced))
            spaced = false
        }
        while i < scalars.count {
            let c = scalars[i]
            let start = i
            if c == "\n" || c == "\r" || c == ";" || c == "|" || c == "•" {
                i += 1
                add(.end, start, i)
            } else if c.properties.isWhitespace {
                i += 1
                spaced = true
            } else if c.digit != nil {
                var digits = Self.digitRun(scalars, from: &i)
                // `1/2`: a fraction (a slash with no space about it).
                if i + 1 < scalars.count, scalars[i] == "/", scalars[i + 1].digit != nil {
                    var j = i + 1
                    let denominator = Self.digitRun(scalars, from: &j)
                    if let d = Double(denominator), d > 0, let n = Double(digits) {
                        i = j
                        add(.fraction(n / d), start, i)
                        continue
                    }
                }
                // A comma followed by exactly three digits separates thousands (and may repeat);
                // a comma followed by other digits is a decimal comma.
                while i + 3 < scalars.count, scalars[i] == ",", Self.digits(scalars, from: i + 1) == 3 {
                    i += 1
                    digits += Self.digitRun(scalars, from: &i)
                }
                if i + 1 < scalars.count, scalars[i] == "." || scalars[i] == ",", scalars[i + 1].digit != nil {
                    i += 1
                    digits += "." + Self.digitRun(scalars, from: &i)
                }
                add(.number(Double(digits) ?? .infinity), start, i)
            } else if c == ".", i + 1 < scalars.count, scalars[i + 1].digit != nil {
                // `.5`.
                i += 1
                add(.number(Double("0." + Self.digitRun(scalars, from: &i)) ?? 0), start, i)
            } else if let fraction = Self.unicodeFractions[c] {
                i += 1
                add(.fraction(fraction), start, i)
            } else if Self.diameterMarks.contains(c) {
                // Before letters: `Ø` is a letter to Unicode.
                i += 1
                add(.diameter, start, i)
            } else if c.properties.isAlphabetic {
                while i < scalars.count, scalars[i].properties.isAlphabetic, Self.unicodeFractions[scalars[i]] == nil,
                    !Self.diameterMarks.contains(scalars[i])
                {
                    i += 1
                }
                // A letter run cut short by an apostrophe inside a word (`it's`) goes on.
                while i + 1 < scalars.count, scalars[i] == "'" || scalars[i] == "’", scalars[i + 1].properties.isAlphabetic {
                    i += 2
                    while i < scalars.count, scalars[i].properties.isAlphabetic { i += 1 }
                }
                let word = String(String.UnicodeScalarView(scalars[start..<i])).lowercased()
                Self.splitLabels(word, start: start, add: add)
            } else if c == "'" && i + 1 < scalars.count && scalars[i + 1] == "'" {
                i += 2
                add(.inchMark, start, i)
            } else {
                i += 1
                switch c {
                case "\"", "″", "”", "“": add(.inchMark, start, i)
                case "'", "′", "’", "‘": add(.footMark, start, i)
                case "×", "*": add(.times, start, i)
                case "-", "–", "—", "~", "‒", "−": add(.dash, start, i)
                case ":", "=": add(.colon, start, i)
                case ",": add(.comma, start, i)
                case ".": add(.period, start, i)
                case "(", ")", "[", "]": add(.bracket, start, i)
                case "²", "³": add(.power, start, i)
                default: add(.other, start, i)
                }
            }
        }
        return tokens
    }

    /// `x` is the times sign, and a run such as `wxdxh` (from `84"Wx38"D` or a `WxDxH`
    /// legend) is labels and times signs; any other word is itself.
    private static func splitLabels(_ word: String, start: Int, add: (Kind, Int, Int) -> Void) {
        let letters = Array(word.unicodeScalars)
        if word == "x" {
            add(.times, start, start + 1)
            return
        }
        let isLegend =
            letters.count > 1
            && letters.enumerated().allSatisfy { k, c in
                c == "x" ? (k == 0 || letters[k - 1] != "x") : ("wdhl".unicodeScalars.contains(c) && (k == 0 || letters[k - 1] == "x"))
            }
        guard isLegend else {
            add(.word(word), start, start + letters.count)
            return
        }
        for (k, c) in letters.enumerated() {
            add(c == "x" ? .times : .word(String(c)), start + k, start + k + 1)
        }
    }

    /// The ASCII digits from `i` on, `i` moved past them.
    private static func digitRun(_ scalars: [Unicode.Scalar], from i: inout Int) -> String {
        var run = ""
        while i < scalars.count, scalars[i].digit != nil {
            run.unicodeScalars.append(scalars[i])
            i += 1
        }
        return run
    }

    /// How many digits follow `start` (stopping at four: enough to tell three from more).
    private static func digits(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var n = 0
        while start + n < scalars.count, n < 4, scalars[start + n].digit != nil { n += 1 }
        return n
    }

    static let diameterMarks: Set<Unicode.Scalar> = ["Ø", "ø", "⌀"]

    static let unicodeFractions: [Unicode.Scalar: Double] = [
        "½": 1 / 2, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 1 / 4, "¾": 3 / 4, "⅕": 1 / 5, "⅖": 2 / 5, "⅗": 3 / 5, "⅘": 4 / 5,
        "⅙": 1 / 6, "⅚": 5 / 6, "⅛": 1 / 8, "⅜": 3 / 8, "⅝": 5 / 8, "⅞": 7 / 8,
    ]
}

extension Unicode.Scalar {
    /// The value of an ASCII digit.
    fileprivate var digit: Int? {
        value >= 48 && value <= 57 ? Int(value - 48) : nil
    }
}
