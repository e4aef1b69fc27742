/* fatekit page bundle of sources 196e235559b0b5393a3279d4097b3af80183c62be3f91c7b9a92447f6cb75913 */
import{G as a,H as b,I as c,J as d,K as e,L as f,M as g,N as h,O as i,P as j}from"./chunk-67LV5CD4.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
