/**
 * Lists made from the closed lists of db/enums.ts that must place every member: the compiler checks them, so
 * a new member (a document type, a status) fails the build until each such list says where it goes, instead
 * of vanishing from a page or a query (decision 0088). A list that keeps only some members is derived from a
 * map of every member (`satisfies Record<Member, boolean>`), never written as the chosen few.
 */

/** The members of `T` that `L` does not name. */
type Missing<T, L extends readonly unknown[]> = Exclude<T, L[number]>;

/**
 * Every member of the closed list `T`, in an order of one's own: `everyInOrder<DocumentType>()(['swppp', …])`.
 * A member left out is a type error that names it (`missing: "other"`); one named twice is caught by the
 * tests that read these lists.
 */
export function everyInOrder<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Missing<T, L>] extends [never] ? unknown : { missing: Missing<T, L> }),
  ): readonly T[] => list;
}

/** The members a map (written `as const satisfies Record<Member, boolean>`) says yes to, as a type. */
export type MembersWhere<M> = { [K in keyof M]: M[K] extends true ? K : never }[keyof M];

/**
 * The members a map of every member says yes to, in the closed list's own order. The map names every member
 * with true or false, so a new member fails the build until someone says which side it is on.
 */
export function membersWhere<T extends string, const M extends Readonly<Record<T, boolean>>>(
  all: readonly T[],
  yes: M,
): MembersWhere<M>[] {
  return all.filter((member) => yes[member]) as unknown as MembersWhere<M>[];
}

/** The codes a field may hold, as a sentence: "a, b or c." */
export function oneOfWords(codes: readonly string[]): string {
  return codes.length < 2 ? `${codes.join('')}.` : `${codes.slice(0, -1).join(', ')} or ${codes.at(-1)}.`;
}
