import { useRef, useState, type RefObject } from 'react';
import { Button, Group, Input, Select, Stack, TextInput } from '@mantine/core';
import { ChipGroup } from '@/components/removable-chip';
import { useFocusNext, usePendingAdder } from '@/components/pending-adders';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localPhoneProblem, phoneNumber as phoneRule } from '@contract/participants.contract';
import { useLookupOptions } from '@/lib/lookup-options';
import { usePhone } from '@/lib/use-phone';
import { translateMessage } from '@/lib/field-messages';
import { i18next } from '@/lib/i18n';

export interface PhoneChip {
  key: string | number;
  phoneNumberTypeId: number;
  phoneNumber: string;
  typeTitle: string;
}
export interface NewPhone {
  phoneNumberTypeId: number;
  phoneNumber: string;
  typeTitle: string;
}

interface Props {
  /** The institution's local rule (spec 1 §5: starts with 09, 10 digits). */
  localRule: boolean;
  phones: PhoneChip[];
  /** Resolves true when the phone was taken (the edit form saves it first). */
  onAdd: (phone: NewPhone) => boolean | Promise<boolean>;
  onRemove: (phone: PhoneChip) => void;
  error?: string;
}

/** Problem with a typed phone number, or null: the contract's rule, then the institution's local rule. */
export function phoneProblem(value: string, localRule: boolean): string | null {
  const parsed = phoneRule.safeParse(value);
  if (!parsed.success) return translateMessage(parsed.error.issues[0]?.message ?? 'Invalid');
  const local = localRule ? localPhoneProblem(value.trim()) : null;
  return local && translateMessage(local);
}

/** spec 1 §2: 'Add Phone Number' reveals category, type and number; ADD appends a chip and hides the adder. */
export function PhoneNumbers({ localRule, phones, onAdd, onRemove, error }: Props) {
  const { t } = useTranslation('participants');
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<{ type?: string; number?: string }>({});
  const [saving, setSaving] = useState(false);
  const categories = useLookupOptions('phoneNumberTypeCategories', { enabled: open });
  const types = useLookupOptions('phoneNumberTypes', { parentId: categoryId });

  const numberInput = useRef<HTMLInputElement>(null);
  // The control that starts the row: 'Add Phone Number' while closed, the category while open.
  const start = useRef<HTMLElement>(null);
  const focusNext = useFocusNext();
  // issue 11: a number typed but not added stops the form's submit, with the reason next to it.
  usePendingAdder(open && number.trim() !== '', () => {
    setErrors((e) => ({ ...e, number: t('phones.pending') }));
    numberInput.current?.focus();
  });

  const reset = () => {
    setOpen(false);
    setCategoryId(null);
    setTypeId(null);
    setNumber('');
    setErrors({});
    focusNext(start);
  };

  const add = async () => {
    const value = number.trim();
    let numberError = phoneProblem(value, localRule);
    if (!numberError && phones.some((p) => p.phoneNumber === value)) numberError = t('messages.phoneListed');
    const next = {
      type: typeId ? undefined : i18next.t('requiredSelect', { ns: 'messages' }),
      number: numberError ?? undefined,
    };
    setErrors(next);
    if (next.type || next.number) return;
    const typeTitle = types.options.find((t) => t.value === typeId)?.label ?? '';
    setSaving(true);
    try {
      if (await onAdd({ phoneNumberTypeId: Number(typeId), phoneNumber: value, typeTitle })) reset();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Input.Wrapper label={t('phones.label')} error={error}>
      <ChipGroup
        mt={4}
        mb={6}
        items={phones}
        onRemove={onRemove}
        emptyFocus={start}
        chip={(p) => ({
          key: p.key,
          label: p.typeTitle ? t('phones.chip', { type: p.typeTitle, number: p.phoneNumber }) : p.phoneNumber,
          removeLabel: t('phones.remove', { number: p.phoneNumber }),
        })}
      />
      {open ? (
        <Stack gap="xs" p="sm" mt={4} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group grow align="flex-start" gap="xs">
            <Select
              ref={start as RefObject<HTMLInputElement>}
              label={t('phones.category')}
              data={categories.options}
              value={categoryId}
              searchable
              placeholder={
                categories.isPending ? t('loadingEllipsis', { ns: 'common' }) : t('choose', { ns: 'common' })
              }
              allowDeselect={false}
              onChange={(v) => {
                setCategoryId(v);
                setTypeId(null);
              }}
            />
            <Select
              label={t('phones.type')}
              data={types.options}
              value={typeId}
              disabled={!categoryId}
              allowDeselect={false}
              placeholder={
                categoryId && types.isPending ? t('loadingEllipsis', { ns: 'common' }) : t('choose', { ns: 'common' })
              }
              error={errors.type}
              onChange={(v) => {
                setTypeId(v);
                setErrors((e) => ({ ...e, type: undefined }));
              }}
            />
          </Group>
          {/* On a phone the number takes the whole row and ADD / Cancel go under it: longer words (AJOUTER) never squeeze it. */}
          <Group align="flex-start" gap="xs" wrap={phone ? 'wrap' : 'nowrap'}>
            <TextInput
              ref={numberInput}
              label={t('phones.number')}
              type="tel"
              autoComplete="off"
              style={{ flex: phone ? '1 1 100%' : 1 }}
              value={number}
              error={errors.number}
              description={localRule ? t('phones.localHint') : t('phones.hint')}
              onChange={(e) => {
                setNumber(e.currentTarget.value);
                setErrors((er) => ({ ...er, number: undefined }));
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void add();
                }
              }}
            />
            <Button mt={phone ? 0 : 46} onClick={() => void add()} loading={saving}>
              {t('phones.addButton')}
            </Button>
            <Button mt={phone ? 0 : 46} variant="subtle" color="gray" onClick={reset}>
              {t('cancel', { ns: 'common' })}
            </Button>
          </Group>
        </Stack>
      ) : (
        <div>
          <Button
            ref={start as RefObject<HTMLButtonElement>}
            variant="light"
            size="xs"
            mt={4}
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              setOpen(true);
              focusNext(start);
            }}
          >
            {t('phones.add')}
          </Button>
        </div>
      )}
    </Input.Wrapper>
  );
}
