import { tokenize, Unsupported, type Token } from "./lexer";

/** The syntax tree of the awk subset (POSIX awk's grammar and operator precedence). */
export type LValue = { k: "var"; name: string } | { k: "idx"; name: string; subs: Expr[] } | { k: "field"; e: Expr };

export type Expr =
  | LValue
  | { k: "num"; v: number }
  | { k: "str"; v: string }
  | { k: "re"; src: string }
  | { k: "assign"; op: string; target: LValue; e: Expr }
  | { k: "cond"; c: Expr; a: Expr; b: Expr }
  | { k: "and" | "or"; a: Expr; b: Expr }
  | { k: "in"; subs: Expr[]; name: string }
  | { k: "match"; neg: boolean; a: Expr; re: Expr }
  | { k: "cmp"; op: string; a: Expr; b: Expr }
  | { k: "cat"; a: Expr; b: Expr }
  | { k: "bin"; op: string; a: Expr; b: Expr }
  | { k: "unary"; op: "-" | "+" | "!"; e: Expr }
  | { k: "incdec"; op: "++" | "--"; prefix: boolean; target: LValue }
  | { k: "call"; name: string; args: Expr[] };

export type Stmt =
  | { k: "print" | "printf"; args: Expr[] }
  | { k: "expr"; e: Expr }
  | { k: "if"; c: Expr; t: Stmt; f?: Stmt }
  | { k: "while"; c: Expr; body: Stmt }
  | { k: "do"; body: Stmt; c: Expr }
  | { k: "for"; init?: Expr; c?: Expr; step?: Expr; body: Stmt }
  | { k: "forin"; v: string; arr: string; body: Stmt }
  | { k: "block"; body: Stmt[] }
  | { k: "next" | "break" | "continue" }
  | { k: "exit"; e?: Expr }
  | { k: "delete"; name: string; subs?: Expr[] };

export interface Rule {
  pattern?: Expr;
  /** No action: print the record. */
  body?: Stmt[];
}

export interface Program {
  begin: Stmt[][];
  rules: Rule[];
  end: Stmt[][];
}

const ASSIGN_OPS = new Set(["=", "+=", "-=", "*=", "/=", "%=", "^="]);
const CMP_OPS = new Set(["<", "<=", "==", "!=", ">", ">="]);
const isLValue = (e: Expr): e is LValue => e.k === "var" || e.k === "idx" || e.k === "field";

class Parser {
  private i = 0;
  /** Inside print's argument list, outside parentheses: `>` would be a redirection. */
  private noGt = false;
  /** In a for loop's head: `in` belongs to the loop. */
  private noIn = false;

  constructor(private readonly tokens: Token[]) {}

  private get tok(): Token {
    return this.tokens[this.i]!;
  }
  private is(text: string): boolean {
    return (this.tok.type === "op" || this.tok.type === "kw") && this.tok.text === text;
  }
  private eat(text: string): boolean {
    if (!this.is(text)) return false;
    this.i++;
    return true;
  }
  private expect(text: string): void {
    if (!this.eat(text)) throw new Unsupported(`expected ${text}`);
  }
  /** Whether a simple statement ends here. */
  private atStatementEnd(): boolean {
    const t = this.tok;
    return t.type === "nl" || t.type === "eof" || (t.type === "op" && (t.text === ";" || t.text === "}"));
  }
  private skipNewlines(): void {
    while (this.tok.type === "nl") this.i++;
  }
  private skipTerminators(): void {
    while (this.tok.type === "nl" || this.is(";")) this.i++;
  }

  program(): Program {
    const prog: Program = { begin: [], rules: [], end: [] };
    this.skipTerminators();
    while (this.tok.type !== "eof") {
      if (this.eat("BEGIN")) prog.begin.push(this.block());
      else if (this.eat("END")) prog.end.push(this.block());
      else {
        const pattern = this.is("{") ? undefined : this.expr();
        if (this.is(",")) throw new Unsupported("range pattern");
        prog.rules.push({ pattern, body: this.is("{") ? this.block() : undefined });
      }
      this.skipTerminators();
    }
    return prog;
  }

  private block(): Stmt[] {
    this.skipNewlines();
    this.expect("{");
    const body: Stmt[] = [];
    this.skipTerminators();
    while (!this.is("}")) {
      if (this.tok.type === "eof") throw new Unsupported("unclosed block");
      body.push(this.statement());
      this.skipTerminators();
    }
    this.i++;
    return body;
  }

  /** The end of a simple statement: `;`, a newline, or the `}` / end that follows it. */
  private terminator(): void {
    if (this.is(";") || this.tok.type === "nl") this.i++;
    else if (!this.is("}") && this.tok.type !== "eof") throw new Unsupported(`unexpected ${this.tok.text}`);
  }

  private body(): Stmt {
    this.skipNewlines();
    if (this.eat(";")) return { k: "block", body: [] };
    return this.statement();
  }

  private statement(): Stmt {
    if (this.is("{")) return { k: "block", body: this.block() };
    if (this.eat("if")) {
      this.expect("(");
      const c = this.expr();
      this.expect(")");
      const t = this.body();
      const save = this.i;
      this.skipTerminators();
      if (this.eat("else")) return { k: "if", c, t, f: this.body() };
      this.i = save;
      return { k: "if", c, t };
    }
    if (this.eat("while")) {
      this.expect("(");
      const c = this.expr();
      this.expect(")");
      return { k: "while", c, body: this.body() };
    }
    if (this.eat("do")) {
      const body = this.body();
      this.skipTerminators();
      this.expect("while");
      this.expect("(");
      const c = this.expr();
      this.expect(")");
      this.terminator();
      return { k: "do", body, c };
    }
    if (this.eat("for")) return this.forStatement();
    const s = this.simple();
    this.terminator();
    return s;
  }

  private forStatement(): Stmt {
    this.expect("(");
    const t = this.tokens;
    if (t[this.i]!.type === "name" && t[this.i + 1]!.text === "in" && t[this.i + 2]!.type === "name") {
      if (t[this.i + 3]!.text === ")") {
        const v = t[this.i]!.text;
        const arr = t[this.i + 2]!.text;
        this.i += 4;
        return { k: "forin", v, arr, body: this.body() };
      }
    }
    this.noIn = true;
    const init = this.is(";") ? undefined : this.expr();
    this.noIn = false;
    this.expect(";");
    this.skipNewlines();
    const c = this.is(";") ? undefined : this.expr();
    this.expect(";");
    this.skipNewlines();
    const step = this.is(")") ? undefined : this.expr();
    this.expect(")");
    return { k: "for", init, c, step, body: this.body() };
  }

  private simple(): Stmt {
    if (this.is("print") || this.is("printf")) {
      const k = this.tok.text as "print" | "printf";
      this.i++;
      const args = this.printArgs();
      if (this.is(">") || this.is(">>") || this.is("|")) throw new Unsupported("output redirection");
      if (k === "printf" && args.length === 0) throw new Unsupported("printf without format");
      return { k, args };
    }
    for (const k of ["next", "break", "continue"] as const) if (this.eat(k)) return { k };
    if (this.eat("exit")) {
      return { k: "exit", e: this.atStatementEnd() ? undefined : this.expr() };
    }
    if (this.eat("delete")) {
      if (this.tok.type !== "name") throw new Unsupported("delete");
      const name = this.tok.text;
      this.i++;
      if (!this.eat("[")) return { k: "delete", name };
      const subs = this.exprList("]");
      return { k: "delete", name, subs };
    }
    return { k: "expr", e: this.expr() };
  }

  /** print's arguments: `print a, b`, `print (a, b)`, or nothing. */
  private printArgs(): Expr[] {
    if (this.atStatementEnd()) return [];
    if (this.is("(")) {
      const save = this.i;
      this.i++;
      const list = this.exprList(")");
      if (this.atStatementEnd() || this.is(">") || this.is(">>") || this.is("|")) return list;
      this.i = save;
    }
    this.noGt = true;
    const list = [this.expr()];
    while (this.eat(",")) {
      this.skipNewlines();
      list.push(this.expr());
    }
    this.noGt = false;
    return list;
  }

  /** Comma-separated expressions up to `close` (consumed), with `>` a comparison again. */
  private exprList(close: string): Expr[] {
    const [gt, inn] = [this.noGt, this.noIn];
    this.noGt = this.noIn = false;
    const list: Expr[] = [];
    this.skipNewlines();
    if (!this.is(close)) {
      list.push(this.expr());
      while (this.eat(",")) {
        this.skipNewlines();
        list.push(this.expr());
      }
    }
    this.skipNewlines();
    this.expect(close);
    [this.noGt, this.noIn] = [gt, inn];
    return list;
  }

  expr(): Expr {
    const left = this.ternary();
    if (this.tok.type === "op" && ASSIGN_OPS.has(this.tok.text)) {
      if (!isLValue(left)) throw new Unsupported("assignment to a non-variable");
      const op = this.tok.text;
      this.i++;
      this.skipNewlines();
      return { k: "assign", op, target: left, e: this.expr() };
    }
    return left;
  }

  private ternary(): Expr {
    const c = this.or();
    if (!this.eat("?")) return c;
    this.skipNewlines();
    const a = this.ternary();
    this.skipNewlines();
    this.expect(":");
    this.skipNewlines();
    return { k: "cond", c, a, b: this.ternary() };
  }

  private or(): Expr {
    let a = this.and();
    while (this.eat("||")) {
      this.skipNewlines();
      a = { k: "or", a, b: this.and() };
    }
    return a;
  }

  private and(): Expr {
    let a = this.inExpr();
    while (this.eat("&&")) {
      this.skipNewlines();
      a = { k: "and", a, b: this.inExpr() };
    }
    return a;
  }

  private inExpr(): Expr {
    let a = this.matchExpr();
    while (!this.noIn && this.is("in")) {
      this.i++;
      if (this.tok.type !== "name") throw new Unsupported("in");
      a = { k: "in", subs: [a], name: this.tok.text };
      this.i++;
    }
    return a;
  }

  private matchExpr(): Expr {
    let a = this.comparison();
    while (this.is("~") || this.is("!~")) {
      const neg = this.tok.text === "!~";
      this.i++;
      a = { k: "match", neg, a, re: this.comparison() };
    }
    return a;
  }

  private comparison(): Expr {
    const a = this.concat();
    const op = this.tok.text;
    if (this.tok.type === "op" && CMP_OPS.has(op) && !(this.noGt && op === ">")) {
      this.i++;
      return { k: "cmp", op, a, b: this.concat() };
    }
    return a;
  }

  /** Whether the next token can start the right side of a concatenation. */
  private startsConcatOperand(): boolean {
    const t = this.tok;
    if (t.type === "num" || t.type === "str" || t.type === "re" || t.type === "name" || t.type === "builtin")
      return true;
    return t.type === "op" && ["$", "(", "!", "++", "--"].includes(t.text) && !(t.text === "!" && this.noGt);
  }

  private concat(): Expr {
    let a = this.additive();
    while (this.startsConcatOperand()) {
      if (this.tok.text === "!") throw new Unsupported("ambiguous !");
      a = { k: "cat", a, b: this.additive() };
    }
    return a;
  }

  private additive(): Expr {
    let a = this.multiplicative();
    while (this.is("+") || this.is("-")) {
      const op = this.tok.text;
      this.i++;
      a = { k: "bin", op, a, b: this.multiplicative() };
    }
    return a;
  }

  private multiplicative(): Expr {
    let a = this.unary();
    while (this.is("*") || this.is("/") || this.is("%")) {
      const op = this.tok.text;
      this.i++;
      a = { k: "bin", op, a, b: this.unary() };
    }
    return a;
  }

  private unary(): Expr {
    if (this.is("!") || this.is("-") || this.is("+")) {
      const op = this.tok.text as "!" | "-" | "+";
      this.i++;
      return { k: "unary", op, e: this.unary() };
    }
    return this.power();
  }

  private power(): Expr {
    const a = this.postfix();
    if (this.is("^") || this.is("**")) {
      this.i++;
      // Right-associative, and binds tighter than a unary minus on its right: 2^-1.
      const b = this.is("-") || this.is("+") || this.is("!") ? this.unary() : this.power();
      return { k: "bin", op: "^", a, b };
    }
    return a;
  }

  private postfix(): Expr {
    const e = this.primary();
    if ((this.is("++") || this.is("--")) && isLValue(e)) {
      const op = this.tok.text as "++" | "--";
      this.i++;
      return { k: "incdec", op, prefix: false, target: e };
    }
    return e;
  }

  private primary(): Expr {
    const t = this.tok;
    if (t.type === "num") {
      this.i++;
      return { k: "num", v: t.num! };
    }
    if (t.type === "str") {
      this.i++;
      return { k: "str", v: t.text };
    }
    if (t.type === "re") {
      this.i++;
      return { k: "re", src: t.text };
    }
    if (t.type === "builtin") return this.call();
    if (t.type === "name") {
      this.i++;
      if (this.eat("[")) return { k: "idx", name: t.text, subs: this.exprList("]") };
      return { k: "var", name: t.text };
    }
    if (this.eat("$")) {
      // `$i++` increments the field, `$NF-1` subtracts from it: $ takes only a primary.
      if (this.is("++") || this.is("--")) return { k: "field", e: this.prefixIncDec() };
      if (this.is("-")) throw new Unsupported("negative field");
      return { k: "field", e: this.primary() };
    }
    if (this.is("++") || this.is("--")) return this.prefixIncDec();
    if (this.eat("(")) {
      const list = this.exprList(")");
      if (list.length > 1) {
        if (!this.is("in")) throw new Unsupported("grouping");
        this.i++;
        if (this.tok.type !== "name") throw new Unsupported("in");
        const name = this.tok.text;
        this.i++;
        return { k: "in", subs: list, name };
      }
      if (list.length === 0) throw new Unsupported("empty parentheses");
      return list[0]!;
    }
    throw new Unsupported(`unexpected ${t.text || t.type}`);
  }

  private prefixIncDec(): Expr {
    const op = this.tok.text as "++" | "--";
    this.i++;
    const target = this.primary();
    if (!isLValue(target)) throw new Unsupported("increment of a non-variable");
    return { k: "incdec", op, prefix: true, target };
  }

  private call(): Expr {
    const name = this.tok.text;
    this.i++;
    // `length` alone is the length of the record.
    if (name === "length" && !this.is("(")) return { k: "call", name, args: [] };
    this.expect("(");
    return { k: "call", name, args: this.exprList(")") };
  }
}

/** The program's tree, or Unsupported when it is outside the subset (or not awk at all). */
export function parseProgram(src: string): Program {
  return new Parser(tokenize(src)).program();
}
