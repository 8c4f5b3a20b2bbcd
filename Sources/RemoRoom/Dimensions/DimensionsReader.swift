/// Reads a product's size from the text a retailer or a marketplace wrote: "Overall:
/// 34'' H x 84'' W x 38'' D", "W 88 x D 38 x H 33 in", "213 × 96 × 86 cm", "Ø 45 cm, H
/// 60 cm", or a paragraph in which the product's size stands beside a seat height and the
/// box's.
///
/// The text is read in three steps, each small enough to follow:
///
/// 1. **Tokens** (`SizeToken`): numbers (decimal commas and thousands commas told apart),
///    fractions, words, inch and foot marks, `x`/`×`, dashes, `Ø`, and punctuation.
/// 2. **Quantities and labels.** A quantity is a number (`29 1/2`, `29½`, `29-1/2`), its
///    unit if written (m, cm, mm, in, `"`, ft, `'`, feet and inches as `7' 2"` or `7 ft 2
///    in`), and a range's upper end (`28–36"`: its largest value). A label (W, D, H, L,
///    width, deep, tall, Ø, diameter, round, …) belongs to the quantity next to it: the one
///    before it if that has none (`84" W`, `84 in wide`), else the one after (`W 84`,
///    `Width: 84 in`). Quantities joined by `x`, `×` or `by` form a group; a run of
///    labels joined by `x` with no numbers (`W x D x H`) labels a group of as many in the
///    same statement. A quantity without a unit takes the next unit written in its
///    statement (`213 × 96 × 86 cm`, `W 200, D 90, H 75 cm`), else the one before, else
///    the text's unit if it names one on its own (`Dimensions (cm): …`).
/// 3. **Whose size.** The words before a group in its phrase (or those before the colon
///    that introduced it) and, for the last group of a phrase, the words after it, say
///    whose size it is. Some words say so wherever they stand (`SizeWords.notTheProduct`:
///    the box, the package, shipping, a weight, a load, a clearance, what it fits or holds);
///    a part or a state (`SizeWords.parts`: seat, arm, leg, shade, cord, canopy, base,
///    reclined, interior, thick, …) only right next to the size ("Canopy bed: 64" W" is a
///    bed's), and a part also sold alone (`SizeWords.partsSoldAlone`: shelf, drawer,
///    cushion, …) only when a label follows it or the product's size came before. Such a
///    group goes to ``DimensionsReading/ignored``; so does a weight, an area, a group with
///    no unit, and a single unlabelled length (the text does not say which dimension it
///    is). The product's labelled lengths are then read, those introduced by overall,
///    total, assembled, product or item first, and the first of each label winning; a
///    length-and-width listing's length is its width (and its width the depth); a diameter
///    (or a square's side) is also the width and the depth. Without labels, the first
///    unlabelled triple is width × depth × height and a pair width × depth
///    (``DimensionsReading/Reading/ordered``, confidence
///    ``DimensionsReading/Confidence/inferred``); when labels give the height and a pair is
///    left, the pair is the width and the depth.
///
/// A text that says no size gives no number: every field nil and confidence
/// ``DimensionsReading/Confidence/none``. The grammar is written by hand rather than as a
/// pile of regular expressions so that each rule above is one place in the code.
public enum DimensionsReader {
    /// The longest text the jobs read, in UTF-8 bytes: a product page's size paragraph is a
    /// few hundred. (Reading is linear in the text; the limit keeps a list's cost known.)
    public static let maximumTextBytes = 16_384

    /// Reads `text`.
    public static func read(_ text: String) -> DimensionsReading {
        Parser(text).read()
    }
}

/// A number with its unit and label, as written.
struct SizeQuantity {
    enum Kind { case length, weight, area }
    /// The value in `unit` (a range's largest).
    var value: Double
    var unit: SizeUnit?
    var kind: Kind
    var label: SizeLabel?
    /// The tokens it spans, with its label's.
    var tokens: ClosedRange<Int>

    var metres: Double? { unit.map { value * $0.metres } }
}

private struct Parser {
    enum Item {
        case quantity(SizeQuantity)
        /// A label not (yet) attached to a quantity; `after`: it only follows its number.
        case label(SizeLabel, after: Bool)
        case times
        case word(String)
        case colon
        /// A comma or `and`: the phrase ends, the statement goes on.
        case phrase
        /// A full stop, a semicolon, a line break: the statement ends.
        case statement
        /// A unit standing alone: the text's unit.
        case unit(SizeUnit)
    }

    typealias Word = (word: String, token: Int)

    /// A group of quantities joined by `x`, and the words that decide whose size it is.
    struct Group {
        var quantities: [SizeQuantity]
        /// The words before it in its phrase (at most six), or its topic's.
        var before: [Word] = []
        /// Whether `before` is a topic's, from before a colon earlier on.
        var inherited = false
        /// The words after it, when it is the last group of its phrase (at most three).
        var after: [Word] = []
        /// The tokens it spans.
        var tokens: ClosedRange<Int>
        /// Which statement it is in.
        var statement: Int
        /// Its first item (for a legend's distance).
        var item: Int

        var isUnlabelled: Bool { quantities.allSatisfy { $0.label == nil } }
        var words: [Word] { before + after }
    }

    struct Legend {
        var labels: [SizeLabel]
        var statement: Int
        var item: Int
    }

    let text: String
    let scalars: [Unicode.Scalar]
    let tokens: [SizeToken]

    init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
        tokens = SizeToken.tokens(scalars)
    }

    func read() -> DimensionsReading {
        let items = attachLabels(items())
        var (groups, legends) = groupsAndLegends(items)
        applyLegends(legends, to: &groups)
        let defaultUnit = items.lazy.compactMap { if case .unit(let u) = $0.item { u } else { nil } }.first
        resolveUnits(&groups, default: defaultUnit)
        var product: [Group] = []
        var ignored: [String] = []
        for group in groups {
            if isProducts(group, afterProductSize: !product.isEmpty) {
                product.append(group)
            } else {
                ignored.append(spanText(ignoredSpan(group)))
            }
        }
        // The whole product's sizes ("Overall", "total size") first.
        let whole = product.filter { $0.before.contains { SizeWords.whole.contains($0.word) } }
        return combine(whole + product.filter { !$0.before.contains { SizeWords.whole.contains($0.word) } }, ignored: ignored)
    }

    // MARK: Step 2: quantities, labels, groups.

    func items() -> [(item: Item, token: Int)] {
        var items: [(item: Item, token: Int)] = []
        var k = 0
        while k < tokens.count {
            switch tokens[k].kind {
            case .number, .fraction:
                if let q = quantity(at: k) {
                    items.append((.quantity(q), k))
                    k = q.tokens.upperBound + 1
                    continue
                }
            case .word(let w):
                if w == "by" {
                    items.append((.times, k))
                } else if w == "and" {
                    items.append((.phrase, k))
                } else if let span = SizeWords.spans[w], k + 2 < tokens.count, tokens[k + 1].kind == .word("to"),
                    tokens[k + 2].kind == .word(span.to)
                {
                    items.append((.label(span.label, after: false), k + 2))
                    k += 3
                    continue
                } else if let label = SizeWords.labels[w] {
                    items.append((.label(label.label, after: label.after), k))
                } else if let unit = SizeWords.lengthUnits[w],
                    SizeWords.standaloneUnits.contains(w) || (isBracket(k - 1) && (isBracket(k + 1) || isPeriod(k + 1)))
                {
                    items.append((.unit(unit), k))
                } else {
                    items.append((.word(w), k))
                }
            case .times: items.append((.times, k))
            case .diameter: items.append((.label(.diameter, after: false), k))
            case .colon: items.append((.colon, k))
            case .comma: items.append((.phrase, k))
            case .end: items.append((.statement, k))
            case .period:
                // The full stop of an abbreviation (`34 in. H`) is nothing; one that ends a sentence ends a statement.
                var abbreviation = false
                if k > 0, !tokens[k].spaced, case .word(let w) = tokens[k - 1].kind { abbreviation = SizeWords.abbreviations.contains(w) }
                if !abbreviation && (k + 1 == tokens.count || tokens[k + 1].spaced) { items.append((.statement, k)) }
            case .inchMark, .footMark, .dash, .bracket, .power, .other: break
            }
            k += 1
        }
        return items
    }

    private func isBracket(_ k: Int) -> Bool { k >= 0 && k < tokens.count && tokens[k].kind == .bracket }
    private func isPeriod(_ k: Int) -> Bool { k >= 0 && k < tokens.count && tokens[k].kind == .period }

    /// A number, with a fraction: `29`, `29 1/2`, `29½`, `29-1/2`, `1/2`; nil for a number
    /// too large to be a length (more digits than a Double holds).
    func value(at k: Int) -> (value: Double, next: Int)? {
        guard let (value, next) = writtenValue(at: k), value.isFinite else { return nil }
        return (value, next)
    }

    private func writtenValue(at k: Int) -> (value: Double, next: Int)? {
        guard k < tokens.count else { return nil }
        switch tokens[k].kind {
        case .fraction(let f):
            return (f, k + 1)
        case .number(let n):
            if k + 1 < tokens.count, case .fraction(let f) = tokens[k + 1].kind { return (n + f, k + 2) }
            if k + 2 < tokens.count, tokens[k + 1].kind == .dash, !tokens[k + 1].spaced, !tokens[k + 2].spaced,
                case .fraction(let f) = tokens[k + 2].kind
            {
                return (n + f, k + 3)
            }
            return (n, k + 1)
        default:
            return nil
        }
    }

    /// The unit written at `k`, if any: a length's unit, or the kind of a weight or an area.
    func unit(at k: Int) -> (unit: SizeUnit?, kind: SizeQuantity.Kind, next: Int)? {
        guard k < tokens.count else { return nil }
        var result: (unit: SizeUnit?, kind: SizeQuantity.Kind, next: Int)
        switch tokens[k].kind {
        case .inchMark: result = (.inch, .length, k + 1)
        case .footMark: result = (.foot, .length, k + 1)
        case .word(let w):
            if SizeWords.weightUnits.contains(w) { return (nil, .weight, k + 1) }
            if SizeWords.areaWords.contains(w), k + 1 < tokens.count, case .word(let u) = tokens[k + 1].kind,
                SizeWords.lengthUnits[u] != nil
            {
                return (nil, .area, k + 2)
            }
            guard let u = SizeWords.lengthUnits[w] else { return nil }
            result = (u, .length, k + 1)
        default: return nil
        }
        if result.next < tokens.count, tokens[result.next].kind == .power, !tokens[result.next].spaced {
            return (nil, .area, result.next + 1)
        }
        return result
    }

    /// A quantity starting at token `k`: value, unit, feet and inches, a range.
    func quantity(at k: Int) -> SizeQuantity? {
        guard let (first, afterValue) = value(at: k) else { return nil }
        var q = SizeQuantity(value: first, unit: nil, kind: .length, label: nil, tokens: k...(afterValue - 1))
        var next = afterValue
        if let (unit, kind, afterUnit) = unit(at: next) {
            (q.unit, q.kind, next) = (unit, kind, afterUnit)
            // Feet and inches: `7' 2"`, `7 ft 2 in`, `5'3`.
            if unit == .foot, let (inches, afterInches) = value(at: next) {
                if let (u, _, afterInchUnit) = self.unit(at: afterInches), u == .inch {
                    (q.value, q.unit, next) = (first * 12 + inches, .inch, afterInchUnit)
                } else if !tokens[next].spaced, inches < 12, self.unit(at: afterInches) == nil {
                    (q.value, q.unit, next) = (first * 12 + inches, .inch, afterInches)
                }
            }
        } else if next + 1 < tokens.count, case .word(let w) = tokens[next].kind, let label = SizeWords.labels[w],
            let (unit, kind, afterUnit) = unit(at: next + 1), kind == .length
        {
            // A label between the number and its unit: `34h in`.
            (q.label, q.unit, next) = (label.label, unit, afterUnit)
        }
        // A range: `28–36"`, `28 to 36 in`; its largest value.
        if q.kind == .length, next < tokens.count, tokens[next].kind == .dash || tokens[next].kind == .word("to"),
            let (upper, afterUpper) = value(at: next + 1)
        {
            var upperUnit: SizeUnit? = nil
            var end = afterUpper
            if let (unit, kind, afterUnit) = unit(at: afterUpper), kind == .length { (upperUnit, end) = (unit, afterUnit) }
            let unit = upperUnit ?? q.unit
            let lower = q.unit == nil || unit == nil ? q.value : q.value * q.unit!.metres / unit!.metres
            (q.value, q.unit, next) = (max(lower, upper), unit, end)
        }
        q.tokens = k...(next - 1)
        return q
    }

    /// Gives each label to its quantity: the one before it if that has none, else the one
    /// after (past a colon and a few words such as `of`). Labels left over stay (legends,
    /// topics).
    func attachLabels(_ items: [(item: Item, token: Int)]) -> [(item: Item, token: Int)] {
        var items = items
        var attached = Set<Int>()
        func give(_ label: SizeLabel, token: Int, to index: Int) -> Bool {
            guard index >= 0, index < items.count, case .quantity(var q) = items[index].item, q.label == nil, q.kind == .length else {
                return false
            }
            q.label = label
            q.tokens = min(q.tokens.lowerBound, token)...max(q.tokens.upperBound, token)
            items[index].item = .quantity(q)
            return true
        }
        // Labels joined by `x` are a legend (`W x D x H`), not labels of the numbers beside them.
        var legend = Set<Int>()
        for i in items.indices where i + 2 < items.count {
            if case .label = items[i].item, case .times = items[i + 1].item, case .label = items[i + 2].item {
                legend.formUnion([i, i + 2])
            }
        }
        for i in items.indices where !legend.contains(i) {
            guard case .label(let label, let after) = items[i].item else { continue }
            if give(label, token: items[i].token, to: i - 1) {
                attached.insert(i)
                continue
            }
            if after { continue }
            var r = i + 1
            while r < items.count {
                if case .colon = items[r].item {
                } else if case .word(let w) = items[r].item, SizeWords.fillers.contains(w) {
                } else {
                    break
                }
                r += 1
            }
            if give(label, token: items[i].token, to: r) { attached.insert(i) }
        }
        return items.enumerated().filter { !attached.contains($0.offset) }.map(\.element)
    }

    /// The groups of quantities joined by `x`, each with the words that decide whose size
    /// it is; and the legends (`W x D x H`).
    func groupsAndLegends(_ items: [(item: Item, token: Int)]) -> ([Group], [Legend]) {
        var groups: [Group] = []
        var legends: [Legend] = []
        var statement = 0
        // Words since the last group or phrase, whether a label ends them ("Seat height"),
        // and the phrase's last label ("Overall Width - Front of Sofa").
        var pending: [Word] = []
        var pendingLabel: SizeLabel? = nil
        var phraseLabel: SizeLabel? = nil
        // The words before a colon: they introduce what follows, and more than one group
        // when they do not end in a label ("Box:", not "Seat height:"), whose label then
        // goes to the single size that follows ("Overall Width - Side to Side: 96''").
        var topic: (words: [Word], sticky: Bool)? = nil
        var topicLabel: SizeLabel? = nil
        // The last group of the current phrase, which words after it may still decide.
        var lastInPhrase: Int? = nil
        func endPhrase() {
            if let last = lastInPhrase, !pending.isEmpty { groups[last].after = Array(pending.prefix(3)) }
            lastInPhrase = nil
            pending = []
            pendingLabel = nil
            phraseLabel = nil
        }
        var i = 0
        while i < items.count {
            switch items[i].item {
            case .quantity(let q):
                var group = Group(quantities: [q], tokens: q.tokens, statement: statement, item: i)
                var j = i + 1
                while j + 1 < items.count, case .times = items[j].item, case .quantity(let next) = items[j + 1].item {
                    group.quantities.append(next)
                    group.tokens = group.tokens.lowerBound...next.tokens.upperBound
                    j += 2
                }
                // A bare number is a word: "Box 1:", "2 seats", "set of 4".
                if group.quantities.count == 1 && q.unit == nil && q.label == nil && q.kind == .length {
                    pending.append(("#", items[i].token))
                    i = j
                    continue
                }
                if let label = topicLabel, group.quantities.count == 1, q.label == nil { group.quantities[0].label = label }
                topicLabel = nil
                if !pending.isEmpty {
                    group.before = Array(pending.suffix(6))
                } else if let topic, topic.sticky {
                    (group.before, group.inherited) = (topic.words, true)
                }
                groups.append(group)
                lastInPhrase = groups.count - 1
                pending = []
                pendingLabel = nil
                phraseLabel = nil
                i = j
                continue
            case .label(let label, _):
                // A legend: labels joined by `x`.
                var labels = [label]
                var j = i + 1
                while j + 1 < items.count, case .times = items[j].item, case .label(let next, _) = items[j + 1].item {
                    labels.append(next)
                    j += 2
                }
                if labels.count > 1 {
                    legends.append(Legend(labels: labels, statement: statement, item: i))
                    i = j
                    continue
                }
                pendingLabel = label
                phraseLabel = label
            case .word(let w):
                pending.append((w, items[i].token))
                pendingLabel = nil
            case .colon:
                if !pending.isEmpty || pendingLabel != nil {
                    topic = (Array(pending.suffix(6)), pendingLabel == nil)
                    topicLabel = phraseLabel
                }
                lastInPhrase = nil
            case .phrase:
                endPhrase()
            case .statement:
                endPhrase()
                topic = nil
                topicLabel = nil
                statement += 1
            case .times, .unit:
                break
            }
            i += 1
        }
        endPhrase()
        return (groups, legends)
    }

    /// Labels each legend's nearest unlabelled group of as many quantities in its statement.
    func applyLegends(_ legends: [Legend], to groups: inout [Group]) {
        for legend in legends {
            let candidates = groups.indices.filter {
                groups[$0].statement == legend.statement && groups[$0].isUnlabelled && groups[$0].quantities.count == legend.labels.count
            }
            guard let nearest = candidates.min(by: { abs(groups[$0].item - legend.item) < abs(groups[$1].item - legend.item) }) else {
                continue
            }
            for k in legend.labels.indices { groups[nearest].quantities[k].label = legend.labels[k] }
        }
    }

    /// Gives each length without a unit the unit written next after it in its statement
    /// (`213 × 96 × 86 cm`, `W 200, D 90, H 75 cm`), else the one before it, else the
    /// text's (`Dimensions (cm): …`).
    func resolveUnits(_ groups: inout [Group], default defaultUnit: SizeUnit?) {
        // Every quantity in order, and the units written next after and before it: in its
        // group, and in its statement.
        let all = groups.indices.flatMap { g in groups[g].quantities.indices.map { (g: g, k: $0) } }
        func written(_ i: Int) -> SizeUnit? { groups[all[i].g].quantities[all[i].k].unit }
        var nextInGroup = [SizeUnit?](repeating: nil, count: all.count)
        var nextInStatement = nextInGroup
        var previousInGroup = nextInGroup
        var previousInStatement = nextInGroup
        for i in all.indices.reversed() where i + 1 < all.count {
            let next = written(i + 1)
            if groups[all[i + 1].g].statement == groups[all[i].g].statement {
                nextInStatement[i] = next ?? nextInStatement[i + 1]
                if all[i + 1].g == all[i].g { nextInGroup[i] = next ?? nextInGroup[i + 1] }
            }
        }
        for i in all.indices where i > 0 {
            let previous = written(i - 1)
            if groups[all[i - 1].g].statement == groups[all[i].g].statement {
                previousInStatement[i] = previous ?? previousInStatement[i - 1]
                if all[i - 1].g == all[i].g { previousInGroup[i] = previous ?? previousInGroup[i - 1] }
            }
        }
        for (i, (g, k)) in all.enumerated() where written(i) == nil && groups[g].quantities[k].kind == .length {
            groups[g].quantities[k].unit =
                nextInGroup[i] ?? nextInStatement[i] ?? previousInGroup[i] ?? previousInStatement[i] ?? defaultUnit
        }
    }

    /// Whether a group is the product's size: a length of known unit, one that says which
    /// dimension it is (or two or three in order), and no word near it saying it is not
    /// the product's.
    func isProducts(_ group: Group, afterProductSize: Bool) -> Bool {
        let q = group.quantities
        if q.contains(where: { $0.kind != .length || $0.unit == nil }) { return false }
        if group.isUnlabelled && (q.count == 1 || q.count > 3) { return false }
        let words = group.words.map(\.word)
        if words.contains(where: SizeWords.notTheProduct.contains) { return false }
        if words.contains(where: SizeWords.mattresses.contains) && words.contains(where: SizeWords.mattressTaken.contains) { return false }
        if let part = nearestBefore(group) {
            if SizeWords.parts.contains(part.word) { return false }
            if SizeWords.partsSoldAlone.contains(part.word) && (labelFollows(part) || afterProductSize) { return false }
        }
        if let part = nearestAfter(group), SizeWords.parts.contains(part.word) || SizeWords.mattresses.contains(part.word) {
            return false  // "2" thick", "160 x 200 cm mattress"
        }
        return true
    }

    /// Whether a label comes right after `word` ("shelf depth", "shade Ø").
    private func labelFollows(_ word: Word) -> Bool {
        guard word.token + 1 < tokens.count else { return false }
        switch tokens[word.token + 1].kind {
        case .diameter: return true
        case .word(let w): return SizeWords.labels[w] != nil
        default: return false
        }
    }

    /// The word before a group, past words such as "dimensions" and punctuation; nil when
    /// another word stands between.
    func nearestBefore(_ group: Group) -> Word? {
        guard let word = group.before.last(where: { !SizeWords.transparent.contains($0.word) }) else { return nil }
        return group.inherited || onlyPunctuationOrTransparent(between: word.token, and: group.tokens.lowerBound) ? word : nil
    }

    /// The word after a group, past punctuation.
    func nearestAfter(_ group: Group) -> Word? {
        guard let word = group.after.first(where: { !SizeWords.transparent.contains($0.word) }) else { return nil }
        return onlyPunctuationOrTransparent(between: group.tokens.upperBound, and: word.token) ? word : nil
    }

    private func onlyPunctuationOrTransparent(between a: Int, and b: Int) -> Bool {
        guard a < b else { return false }
        return tokens[(a + 1)..<b].allSatisfy { token in
            switch token.kind {
            case .colon, .period, .bracket, .dash, .other: true
            case .word(let w): SizeWords.transparent.contains(w)
            default: false
            }
        }
    }

    /// An ignored group's text: from the first word that decided it to its last token.
    func ignoredSpan(_ group: Group) -> ClosedRange<Int> {
        let deciding = group.words.filter {
            SizeWords.notTheProduct.contains($0.word) || SizeWords.parts.contains($0.word) || SizeWords.partsSoldAlone.contains($0.word)
                || SizeWords.mattresses.contains($0.word)
        }.map(\.token)
        let start = group.inherited ? group.tokens.lowerBound : min(group.tokens.lowerBound, deciding.min() ?? .max)
        return start...max(group.tokens.upperBound, deciding.max() ?? 0)
    }

    // MARK: Step 3: the product's size.

    func combine(_ groups: [Group], ignored: [String]) -> DimensionsReading {
        var labelled: [SizeLabel: Double] = [:]
        for group in groups {
            for q in group.quantities {
                if let label = q.label, let metres = q.metres, labelled[label] == nil { labelled[label] = metres }
            }
        }
        var width = labelled[.width]
        var depth = labelled[.depth]
        let height = labelled[.height]
        let diameter = labelled[.diameter]
        // A length-and-width listing: the length is the width, the width the depth.
        if let length = labelled[.length] {
            if width != nil && depth == nil {
                (width, depth) = (length, width)
            } else if width == nil {
                width = length
            }
        }
        for side in [diameter, labelled[.square]] {
            guard let side else { continue }
            if width == nil { width = side }
            if depth == nil { depth = side }
        }
        var reading = DimensionsReading(
            text: text, width: width, depth: depth, height: height, diameter: diameter, reading: .labelled, confidence: .exact,
            ignored: ignored)
        let ordered = groups.first(where: { $0.isUnlabelled && ($0.quantities.count == 2 || $0.quantities.count == 3) })
        if labelled.isEmpty {
            guard let ordered else { return DimensionsReading(text: text, ignored: ignored) }
            let m = ordered.quantities.map { $0.metres! }
            (reading.width, reading.depth) = (m[0], m[1])
            if m.count == 3 { reading.height = m[2] }
            (reading.reading, reading.confidence) = (.ordered, .inferred)
        } else if let ordered, ordered.quantities.count == 2, width == nil, depth == nil, height != nil {
            // "Tabletop: 60 x 36 in; height 30 in".
            (reading.width, reading.depth) = (ordered.quantities[0].metres!, ordered.quantities[1].metres!)
            reading.confidence = .inferred
        }
        return reading
    }

    // MARK: Text.

    /// The text of tokens `range`, as written.
    func spanText(_ range: ClosedRange<Int>) -> String {
        let start = tokens[range.lowerBound].range.lowerBound
        let end = tokens[range.upperBound].range.upperBound
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }
}
