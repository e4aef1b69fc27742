/* fatekit page bundle of sources 2e325f9aa6bc12d0c28df6ab379cad26880debfc7f1e68c9e154f8fd72d874dd */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j}from"./chunk-XZT5VFAJ.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
