/** Story globals shared by every stories file: the 375 px viewport and the Chinese locale. */
export const mobile375 = { viewport: { value: 'mobile375', isRotated: false } } as const;
export const chinese = { locale: 'zh-CN' } as const;
export const chineseMobile375 = { ...mobile375, ...chinese } as const;
